// The local S3 API (s3rver, as `npm test` starts it) in a process of its own, as MinIO or S3 is
// in a deployment: bench:upload's load generator and its baseline S3 client then never share an
// event loop with the server they measure. Run as `node s3-server.mjs <directory>`; prints
// `listening <port>`, stops on SIGTERM.
import { mkdirSync } from 'node:fs';
import { startLocalS3 } from '../../local/lib/local-s3.mjs';
import { freePort } from '../../local/lib/net.mjs';

const directory = process.argv[2];
if (!directory) {
  console.error('usage: node s3-server.mjs <directory>');
  process.exit(2);
}
mkdirSync(directory, { recursive: true });
const server = await startLocalS3({ port: await freePort(), address: '127.0.0.1', directory, silent: true });
console.log(`listening ${server.port}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
