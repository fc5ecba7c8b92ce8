import { z } from 'zod';
import { CommentsParams, CommentsQuery } from '../schemas/conversation';
import { FeedParams, FeedQuery, TaleRefParams, TaleSaveBody, TaleSchema } from '../schemas/tale';
import { IdParams } from '../schemas/user';
import { MapParams, MapQuery, MapTaleSchema, NearbyParams } from '../schemas/map';
import { RestoreRevisionParams, RevisionSchema, RevisionsParams } from '../schemas/revision';
import { taleCalls } from './calls/tales';
import { endpoints } from './endpoint';
import { answer, nothing } from './envelope';

const taleList = () => answer(z.strictObject({ tale: z.array(TaleSchema) }), { list: 'tale' });

export const tales = endpoints(taleCalls, {
  feed: {
    summary: "The feed, a search, or one author's tales",
    description: 'page is a number or last. txt searches (a #hashtag searches tags); owner narrows to one author.',
    params: FeedParams,
    query: FeedQuery,
    response: taleList(),
  },
  comments: {
    summary: 'The comments under a tale or comment, oldest first',
    description: 'page last is the final page; expand narrows the list to one child (how a notification opens a branch).',
    params: CommentsParams,
    query: CommentsQuery,
    response: taleList(),
  },
  unsavedTale: {
    summary: "The caller's one unsaved tale, created when there is none",
    response: answer(TaleSchema),
  },
  tale: {
    summary: 'One tale or comment, by id or by alias',
    description: 'Hidden tales (drafts, scheduled, unsaved) are not found except by their owner and staff; members-only ones need a login.',
    params: TaleRefParams,
    response: answer(TaleSchema),
  },
  saveTale: {
    summary: 'Save a tale (id in the body), or add a comment (answer_to_tale_id, no id)',
    description:
      "A comment needs the post open to the caller's comments. Flags for staff (is_sticked, is_sticked_on_home, is_adv) and body_free (admins) are ignored from others.",
    body: TaleSaveBody,
    response: answer(TaleSchema),
  },
  saveTaleById: {
    summary: 'Save a tale or edit a comment, by id',
    params: IdParams,
    body: TaleSaveBody,
    response: answer(TaleSchema),
  },
  deleteTale: {
    summary: 'Delete a tale or comment, with its comments and files',
    description: 'Its owner or staff.',
    params: IdParams,
    body: z.object({ form_id: z.string().optional() }).passthrough(),
    response: answer(nothing()),
  },
  revisions: {
    summary: "A tale's or comment's earlier versions, newest first",
    description:
      'Every save that changed the header or text of a published tale or comment kept what it replaced. Its author and staff only (visitors 401, others 403).',
    params: RevisionsParams,
    response: answer(z.array(RevisionSchema), { list: 'revision' }),
  },
  map: {
    summary: 'The tales on the map within a viewport, nearest to its centre first',
    description:
      'Posts the feed would show the caller that are pinned to a place and show their map. bbox=west,south,east,north (east below west crosses the antimeridian; the whole world when left out); txt searches as the feed does. The total is counted up to 1000.',
    params: MapParams,
    query: MapQuery,
    response: answer(z.strictObject({ tale: z.array(MapTaleSchema) }), { list: 'tale' }),
  },
  nearby: {
    summary: 'The tales pinned nearest to a tale, nearest first, with their distance in metres',
    description:
      'Empty for a comment or a tale that shows no map. A tale the caller may not read answers as the tale would (401, 403 or 404).',
    params: NearbyParams,
    response: answer(z.strictObject({ tale: z.array(MapTaleSchema) }), { list: 'tale' }),
  },
  restoreRevision: {
    summary: 'Bring an earlier version back',
    description:
      "Saves the version's header and text as the tale's (or comment's) own, keeping the one it replaces as a revision. Its author and staff.",
    params: RestoreRevisionParams,
    body: z.object({ form_id: z.string().optional() }).passthrough(),
    response: answer(TaleSchema),
  },
});
