// Tells what answers on a host:port without any dependency: sends a Kafka ApiVersions v0 request.
// Exit 0: a Kafka broker answered; 1: something that is not Kafka is listening; 2: nothing is listening.
// With a second argument, `plaintext` or `sasl`, it also asks which kind of listener it is (a SaslHandshake v1
// for SCRAM-SHA-512: a SASL listener accepts it, a plaintext one answers ILLEGAL_SASL_STATE) and exits 3 when
// the broker's listener is not of that kind.
import net from 'node:net';

const [host = '127.0.0.1', port = '9092'] = (process.argv[2] ?? '127.0.0.1:9092').split(':');
const expected = process.argv[3];
if (expected !== undefined && expected !== 'plaintext' && expected !== 'sasl') {
  console.error(`probe: unknown listener kind '${expected}' (plaintext | sasl)`);
  process.exit(1);
}

const API_VERSIONS = 18;
const SASL_HANDSHAKE = 17;
const NONE = 0;
const ILLEGAL_SASL_STATE = 34;

/** A request with header v1 (api key, version, correlation id, client id) and `payload`. */
function request(apiKey, version, correlationId, payload = Buffer.alloc(0)) {
  const clientId = Buffer.from('casino-probe');
  const header = Buffer.alloc(2 + 2 + 4 + 2 + clientId.length);
  header.writeInt16BE(apiKey, 0);
  header.writeInt16BE(version, 2);
  header.writeInt32BE(correlationId, 4);
  header.writeInt16BE(clientId.length, 8);
  clientId.copy(header, 10);
  const size = Buffer.alloc(4);
  size.writeInt32BE(header.length + payload.length);
  return Buffer.concat([size, header, payload]);
}

function kafkaString(value) {
  const bytes = Buffer.from(value);
  const length = Buffer.alloc(2);
  length.writeInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

const socket = net.connect({ host, port: Number(port) });
let received = Buffer.alloc(0);
let step = 'api-versions';
const finish = (code) => {
  socket.destroy();
  process.exit(code);
};
socket.setTimeout(3000, () => finish(1));
socket.on('connect', () => socket.write(request(API_VERSIONS, 0, 424242)));
socket.on('data', (chunk) => {
  received = Buffer.concat([received, chunk]);
  if (received.length < 4 || received.length < 4 + received.readInt32BE(0)) return;
  const response = received.subarray(4, 4 + received.readInt32BE(0));
  received = received.subarray(4 + response.length);
  if (step === 'api-versions') {
    if (response.length < 4 || response.readInt32BE(0) !== 424242) finish(1);
    if (expected === undefined) finish(0);
    step = 'sasl-handshake';
    socket.write(request(SASL_HANDSHAKE, 1, 424243, kafkaString('SCRAM-SHA-512')));
    return;
  }
  // SaslHandshake v1 response: correlation id, error code, mechanisms.
  if (response.length < 6 || response.readInt32BE(0) !== 424243) finish(1);
  const errorCode = response.readInt16BE(4);
  const kind = errorCode === NONE ? 'sasl' : errorCode === ILLEGAL_SASL_STATE ? 'plaintext' : 'other';
  finish(kind === expected ? 0 : 3);
});
socket.on('error', (err) => finish(err.code === 'ECONNREFUSED' ? 2 : 1));
// A SASL listener may close the connection after an unexpected request: that is a listener of another kind.
socket.on('end', () => finish(step === 'sasl-handshake' ? 3 : 1));
