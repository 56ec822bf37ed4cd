// Jest's jsdom environment (the route tests, project unit-dom in jest.config.mjs) plus the Fetch
// API that every browser has and jsdom lacks: React Router's data router builds a `Request` for
// each navigation. The abort classes come along, because Node's Request accepts only Node's
// AbortSignal.
import { TestEnvironment } from 'jest-environment-jsdom';

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'AbortController',
  'AbortSignal',
  'TextEncoder',
  'TextDecoder',
  'ReadableStream',
  'structuredClone',
];

export default class DomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}
