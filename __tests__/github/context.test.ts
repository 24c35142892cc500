// Which events judge a change (contract: "Pull requests and time", and "Verdict integrity": every
// event with a pull request is a pull request): the three change events whatever their payload, and
// any other event whose payload carries pull_request.base.sha.
import { describe, expect, test } from '@jest/globals';
import { changeOf, type EventPayload } from '../../src/github/context.js';

const BASE = '1111111111111111111111111111111111111111';
const HEAD = '2222222222222222222222222222222222222222';
const pullRequest = { number: 7, base: { sha: BASE }, head: { sha: HEAD } };
const judged = (event: string) => ({ event, pullRequest: 7, base: BASE, head: HEAD });

describe('changeOf: the change an event judges', () => {
  test.each<[string, string | null, EventPayload, ReturnType<typeof changeOf>]>([
    ['pull_request', 'pull_request', { pull_request: pullRequest }, judged('pull_request')],
    ['pull_request_target', 'pull_request_target', { pull_request: pullRequest }, judged('pull_request_target')],
    ['pull_request_review', 'pull_request_review', { pull_request: pullRequest }, judged('pull_request_review')],
    [
      'pull_request_review_comment',
      'pull_request_review_comment',
      { pull_request: pullRequest },
      judged('pull_request_review_comment'),
    ],
    [
      'an event not known today, with pull_request.base.sha',
      'future_event',
      { pull_request: pullRequest },
      judged('future_event'),
    ],
    [
      'a review whose base.sha is not a commit id: judged, with no base (the reads that need it fail closed)',
      'pull_request_review',
      { pull_request: { number: 7, base: { sha: 42 }, head: { sha: HEAD } } },
      { event: 'pull_request_review', pullRequest: 7, base: null, head: HEAD },
    ],
    [
      'a pull_request event without a base: judged, with no base, as before',
      'pull_request',
      { pull_request: { number: 7 } },
      { event: 'pull_request', pullRequest: 7, base: null, head: null },
    ],
    [
      'a merge group: merge_group.base_sha',
      'merge_group',
      { merge_group: { base_sha: BASE, head_sha: HEAD } },
      { event: 'merge_group', pullRequest: null, base: BASE, head: HEAD },
    ],
    ['a push', 'push', {}, null],
    ['a review payload without base.sha', 'pull_request_review', { pull_request: { number: 7, base: {} } }, null],
    ['an issue comment on a pull request (no pull_request.base.sha)', 'issue_comment', {}, null],
    ['no event name (off a runner)', null, { pull_request: pullRequest }, null],
  ])('%s', (_name, eventName, event, change) => {
    expect(changeOf(eventName, event)).toEqual(change);
  });
});
