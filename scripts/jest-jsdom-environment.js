// jsdom plus the web platform globals Node already has (fetch, Response, …) and jsdom lacks.
const { TestEnvironment } = require('jest-environment-jsdom');

const NODE_GLOBALS = ['fetch', 'Request', 'Response', 'Headers', 'TextEncoder', 'TextDecoder', 'structuredClone', 'ReadableStream'];

class JsdomWithFetchEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    for (const name of NODE_GLOBALS) if (!(name in this.global)) this.global[name] = globalThis[name];
  }
}

module.exports = JsdomWithFetchEnvironment;
