// An imported picture is its URL, as Vite builds it (the route tests, jest.config.mjs): each
// file its own, so lists keyed by image stay distinct.
import { basename } from 'node:path';

export default {
  process: (_source, filename) => ({ code: `module.exports = ${JSON.stringify(`/assets/${basename(filename)}`)};` }),
};
