import { describe, expect, it } from 'vitest';
import { isWellFormedRequestId, requestIdFrom } from './request-id';

describe('request ids', () => {
  it('keeps a well-formed incoming id', () => {
    expect(requestIdFrom(new Headers({ 'x-request-id': 'lb-7f3a:42.b_c' }))).toBe('lb-7f3a:42.b_c');
  });

  it('replaces a missing, over-long or ill-formed id with a new UUID', () => {
    for (const bad of [undefined, '', 'a'.repeat(129), 'has space', 'new\nline', '<script>']) {
      const headers = new Headers();
      if (bad !== undefined && !/\n/.test(bad)) headers.set('x-request-id', bad);
      const id = requestIdFrom(headers);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(isWellFormedRequestId(bad)).toBe(false);
    }
  });
});
