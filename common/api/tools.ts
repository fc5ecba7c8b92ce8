import { SerializedEditBody, SerializedEditResultSchema } from '../schemas/admin';
import { toolCalls } from './calls/tools';
import { endpoints } from './endpoint';
import { answer } from './envelope';

export const tools = endpoints(toolCalls, {
  serializedEditor: {
    summary: 'Read PHP-serialized data as a tree, replace in its values, and write it again',
    description: 'Runs nothing; the whole work of one request is bounded.',
    body: SerializedEditBody,
    response: answer(SerializedEditResultSchema),
  },
});
