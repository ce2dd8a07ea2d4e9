// Tells what answers on a host:port without any dependency: sends a Kafka ApiVersions v0 request.
// Exit 0: a Kafka broker answered; 1: something that is not Kafka is listening; 2: nothing is listening.
import net from 'node:net';

const [host = '127.0.0.1', port = '9092'] = (process.argv[2] ?? '127.0.0.1:9092').split(':');
const clientId = Buffer.from('casino-probe');
const body = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length);
body.writeInt16BE(18, 0); // ApiVersions
body.writeInt16BE(0, 2);
body.writeInt32BE(424242, 4);
body.writeInt16BE(clientId.length, 8);
clientId.copy(body, 10);
const size = Buffer.alloc(4);
size.writeInt32BE(body.length);

const socket = net.connect({ host, port: Number(port) });
let received = Buffer.alloc(0);
const finish = (code) => {
  socket.destroy();
  process.exit(code);
};
socket.setTimeout(3000, () => finish(1));
socket.on('connect', () => socket.write(Buffer.concat([size, body])));
socket.on('data', (chunk) => {
  received = Buffer.concat([received, chunk]);
  if (received.length >= 8) finish(received.readInt32BE(4) === 424242 ? 0 : 1);
});
socket.on('error', (err) => finish(err.code === 'ECONNREFUSED' ? 2 : 1));
socket.on('end', () => finish(1));
