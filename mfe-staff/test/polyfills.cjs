// jsdom lacks the encoders ky touches when it is imported (the tests mock its calls).
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
// @mui/x-charts clones its state with structuredClone, which jsdom does not provide.
if (!global.structuredClone) {
  const v8 = require('node:v8');
  global.structuredClone = (value) => (value === undefined ? undefined : v8.deserialize(v8.serialize(value)));
}
