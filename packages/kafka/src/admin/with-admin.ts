import { KafkaAdmin, KafkaClient } from '../port/kafka-port';

/** Runs `work` with a connected admin of `client`, disconnected afterwards whatever happens. */
export async function withAdmin<T>(client: KafkaClient, work: (admin: KafkaAdmin) => Promise<T>): Promise<T> {
  const admin = client.admin();
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.disconnect();
  }
}
