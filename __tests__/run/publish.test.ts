import { describe, expect, test } from '@jest/globals';
import type { ChangeView } from '../../src/model.js';
import { commentTarget, warningAnnotationRoom } from '../../src/run/publish.js';

const change = (event: string, pullRequest: number | null): ChangeView => ({
  event,
  pullRequest,
  base: 'aaaaaaa',
  head: 'bbbbbbb',
  state: 'read',
  entries: 0,
  reason: null,
});

describe('commentTarget: where the PR comment goes, if anywhere', () => {
  test.each<[string, ChangeView | null, string | null, number | null, object]>([
    ['a pull request', change('pull_request', 7), 'pull_request', 7, { owner: 'acme', repo: 'web', number: 7 }],
    [
      'a pull_request_target event',
      change('pull_request_target', 7),
      'pull_request_target',
      7,
      { owner: 'acme', repo: 'web', number: 7 },
    ],
    [
      'a merge group: no comment (nothing to write to)',
      change('merge_group', null),
      'merge_group',
      null,
      { skip: 'a merge group has no pull request to comment on' },
    ],
    [
      'a merge group, even with a number in the payload',
      change('merge_group', null),
      'merge_group',
      7,
      { skip: 'a merge group has no pull request to comment on' },
    ],
    [
      'a pull request without a number',
      change('pull_request', null),
      'pull_request',
      null,
      { skip: 'this is not a pull request event' },
    ],
    ['a push', null, 'push', null, { skip: 'this is not a pull request event' }],
    [
      'a pull request review (an event that carries the pull request)',
      change('pull_request_review', 7),
      'pull_request_review',
      7,
      { owner: 'acme', repo: 'web', number: 7 },
    ],
    [
      'an issue comment on a pull request (no change judged)',
      null,
      'issue_comment',
      7,
      { skip: 'this is not a pull request event' },
    ],
  ])('%s', (_name, resultChange, eventName, pullRequestNumber, target) => {
    const context = { eventName, change: resultChange, repository: 'acme/web', pullRequestNumber };
    expect(commentTarget({ change: resultChange }, context)).toEqual(target);
  });

  test('no repository: no comment', () => {
    const context = {
      eventName: 'pull_request',
      change: change('pull_request', 7),
      repository: null,
      pullRequestNumber: 7,
    };
    expect(commentTarget({ change: change('pull_request', 7) }, context)).toEqual({
      skip: 'this is not a pull request event',
    });
  });
});

describe('warningAnnotationRoom: the run’s own warnings keep their place among the 10 GitHub shows', () => {
  const warning = { kind: 'read' as const, message: 'w' };
  const error = { kind: 'api' as const, message: 'e' };
  test.each<[number, number, number]>([
    [0, 0, 10],
    [3, 0, 7],
    [3, 2, 5],
    [12, 0, 1],
  ])('%i warnings and %i errors leave %i', (warnings, errors, room) => {
    expect(warningAnnotationRoom({ warnings: Array(warnings).fill(warning), errors: Array(errors).fill(error) })).toBe(
      room,
    );
  });
});
