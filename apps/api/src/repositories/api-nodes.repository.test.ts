import { describe, it } from 'vitest';
import { expectReviewed } from '../test/review-sql.ts';
import { deleteNodeQuery, deleteStaleNodesQuery, otherNodesQuery, upsertNodeQuery } from './api-nodes.repository.ts';

describe('API nodes repository', () => {
  it('builds the statements reviewed', async () => {
    const node = { id: 'node-a', host: 'api-1', pid: 42, filesFolder: '/srv/files', filesShared: false };
    await expectReviewed('api-nodes', [
      ['beatNode (a node)', upsertNodeQuery(node)],
      ['otherLiveNodes (seen within 15 s)', otherNodesQuery('node-a', 15)],
      ['deleteNode', deleteNodeQuery('node-a')],
      ['deleteStaleNodes (a day)', deleteStaleNodesQuery(86_400)],
    ]);
  });
});
