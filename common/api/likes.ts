import { z } from 'zod';
import { LikeAnswerSchema, LikeBody, LikerSchema, LikersParams } from '../schemas/conversation';
import { likeCalls } from './calls/likes';
import { endpoints } from './endpoint';
import { answer } from './envelope';

export const likes = endpoints(likeCalls, {
  like: {
    summary: 'Like, or take a like back',
    description: "val 1 toggles the caller's like; the answer is the new count and whether the caller likes it now.",
    body: LikeBody,
    response: answer(LikeAnswerSchema),
  },
  likers: {
    summary: 'Who liked a tale or comment, newest first',
    description: 'ref_table is tale (tales and comment name the same table).',
    params: LikersParams,
    response: answer(z.array(LikerSchema), { list: 'lk' }),
  },
});
