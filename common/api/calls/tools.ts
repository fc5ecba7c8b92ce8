import { calls } from '../endpoint';

/** Tools anyone may use. */
export const toolCalls = calls('tools', {
  serializedEditor: { method: 'POST', path: '/tools/SerializedDataEditor', access: 'anyone', formId: 'actionSerializedDataEditor' },
});
