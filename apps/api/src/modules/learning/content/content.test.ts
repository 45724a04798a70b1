import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRow, UserRow } from '../../../../test/factories.js';
import {
  call,
  companyCaller,
  companyExporter,
  createTestApp,
  hostOf,
  login,
  type TestApp,
} from '../../../../test/helpers.js';
import { describeResourceContract } from '../../../../test/resource-contract.js';
import { upload } from '../../../../test/uploads.js';
import { auditLogs, contentProgress } from '../../../db/schema/index.js';
import { asSystem } from '../../../db/scope.js';
import { storedNameOf } from '../../../platform/uploads.js';

/** Bytes that start as WebM does (the server checks the signature, never decodes the video). */
const webm = (size = 4000) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('content library, player and honest progress', () => {
  let test: TestApp;
  let company: CompanyRow;
  let other: CompanyRow;
  let learner: UserRow;
  let adminToken: string;
  let learnerToken: string;
  let otherAdminToken: string;
  const as = companyCaller(() => ({ app: test.app, company }));
  const exportAs = companyExporter(() => ({ test, company }));

  async function uploaded(
    token: string,
    kind: string,
    name: string,
    type: string,
    data: Buffer,
    host = hostOf(company),
  ) {
    const response = await upload(test.app, [{ name, type, data }], { host, token, kind });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data[0].url as string;
  }

  async function createVideo(overrides: Record<string, unknown> = {}) {
    const fileUrl = await uploaded(adminToken, 'video', 'intro.webm', 'video/webm', webm());
    const response = await as(adminToken, 'POST', '/api/admin/contents', {
      body: {
        type: 'video',
        title: 'İş güvenliği',
        language: 'tr',
        file_url: fileUrl,
        duration_seconds: 60,
        ...overrides,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; file: { url: string }; version: number };
  }

  const enrol = (contentId: number, userIds: number[]) =>
    as(adminToken, 'POST', `/api/admin/contents/${contentId}/enrolments`, { body: { user_ids: userIds }, lang: 'en' });

  const heartbeat = (contentId: number, body: Record<string, unknown>) =>
    as(learnerToken, 'POST', `/api/contents/${contentId}/progress`, { body, lang: 'en' });

  /** Moves the learner's session back in time, as if the player had been open for that long. */
  const ageSession = (contentId: number, seconds: number) =>
    asSystem(test.db, (tx) =>
      tx
        .update(contentProgress)
        .set({
          sessionStartedAt: new Date(Date.now() - seconds * 1000),
          updatedAt: new Date(Date.now() - seconds * 1000),
        })
        .where(and(eq(contentProgress.contentId, contentId), eq(contentProgress.userId, learner.id))),
    );

  /** A player session that has been open for `seconds`: its first (empty) report made, then aged. */
  async function openSession(contentId: number, seconds: number, kind = 'video') {
    const session = randomUUID();
    const empty = kind === 'video' ? { ranges: [], position: 0 } : {};
    expect((await heartbeat(contentId, { kind, session, seq: 0, ...empty })).statusCode).toBe(200);
    await ageSession(contentId, seconds);
    return session;
  }

  const auditOf = (action: string, entityId: number) =>
    asSystem(test.db, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.action, action), eq(auditLogs.entityId, entityId))),
    );

  beforeAll(async () => {
    test = await createTestApp();
    company = await test.factories.createCompany();
    other = await test.factories.createCompany();
    const admin = await test.factories.createAdmin(company);
    learner = await test.factories.createUser(company);
    adminToken = (await login(test.app, company, admin.email!)).access_token;
    learnerToken = (await login(test.app, company, learner.email!)).access_token;
    const otherAdmin = await test.factories.createAdmin(other);
    otherAdminToken = (await login(test.app, other, otherAdmin.email!)).access_token;
  });
  afterAll(() => test.close());

  describe('the library', () => {
    it('creates a video from an upload, reads it back with its file and version 1, and lists it by type', async () => {
      const video = await createVideo({ hashtag_ids: [] });
      expect(video).toMatchObject({ version: 1, file: { name: 'intro.webm', mime: 'video/webm' } });
      const listed = await as(adminToken, 'GET', '/api/admin/contents', {
        query: { type: 'video', search: 'GÜVENLİĞİ' },
      });
      expect(listed.json().data.map((c: { id: number }) => c.id)).toContain(video.id);
      const links = await as(adminToken, 'GET', '/api/admin/contents', { query: { type: 'link' } });
      expect(links.json().data.map((c: { id: number }) => c.id)).not.toContain(video.id);
    });

    it('says what each type needs, on its field', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ type: 'video' }, 'file_url'],
        [{ type: 'document' }, 'file_url'],
        [{ type: 'link' }, 'external_url'],
        [{ type: 'link', external_url: 'javascript:alert(1)' }, 'external_url'],
        [{ type: 'page', body: '<script>alert(1)</script>' }, 'body'],
      ];
      for (const [body, field] of cases) {
        const response = await as(adminToken, 'POST', '/api/admin/contents', {
          body: { title: 'X', language: 'en', ...body },
          lang: 'en',
        });
        expect(response.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual([field]);
      }
    });

    it("refuses a file of the wrong kind and another company's upload", async () => {
      const pdf = await uploaded(adminToken, 'document', 'guide.pdf', 'application/pdf', PDF);
      const wrong = await as(adminToken, 'POST', '/api/admin/contents', {
        body: { type: 'video', title: 'X', language: 'en', file_url: pdf },
        lang: 'en',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.file_url).toEqual(['This file cannot be used here: upload it again in this form.']);
      const foreign = await uploaded(otherAdminToken, 'video', 'x.webm', 'video/webm', webm(), hostOf(other));
      const stolen = await as(adminToken, 'POST', '/api/admin/contents', {
        body: { type: 'video', title: 'X', language: 'en', file_url: foreign },
      });
      expect(stolen.statusCode).toBe(422);
    });

    it('stores a rich text page sanitized', async () => {
      const response = await as(adminToken, 'POST', '/api/admin/contents', {
        body: {
          type: 'page',
          title: 'Kurallar',
          language: 'tr',
          body: '<h2 onclick="x()">Başlık</h2><p>Metin<script>alert(1)</script><a href="javascript:x">bağlantı</a></p>',
        },
      });
      expect(response.statusCode).toBe(201);
      const body = response.json().data.body as string;
      expect(body).toMatch(/^<h2>Başlık<\/h2><p>Metin<a [^>]+>bağlantı<\/a><\/p>$/);
      expect(body).not.toMatch(/script|onclick|javascript/);
      expect(body).toContain('rel="noopener noreferrer"');
    });

    it('makes a new version when the file is replaced and keeps the old version’s progress readable', async () => {
      const video = await createVideo();
      await enrol(video.id, [learner.id]);
      const session = await openSession(video.id, 30);
      await heartbeat(video.id, { kind: 'video', session, seq: 1, ranges: [[0, 20]], position: 20 });
      const replacement = await uploaded(adminToken, 'video', 'intro-v2.webm', 'video/webm', webm());
      const updated = await as(adminToken, 'PUT', `/api/admin/contents/${video.id}`, {
        body: { file_url: replacement },
      });
      expect(updated.json().data).toMatchObject({ version: 2, file: { name: 'intro-v2.webm' } });
      const report = await as(adminToken, 'GET', `/api/admin/contents/${video.id}/report`);
      expect(report.json().data).toEqual([
        expect.objectContaining({
          version: 1,
          progress: 33,
          status: 'in_progress',
          user: expect.objectContaining({ id: learner.id }),
        }),
      ]);
      const player = (await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).json().data;
      expect(player.progress).toMatchObject({ version: 2, progress: 0, watched_ranges: [] });
    });

    it('keeps other companies out of every route', async () => {
      const video = await createVideo();
      const outsider = companyCaller(() => ({ app: test.app, company: other }));
      for (const [method, url] of [
        ['GET', `/api/admin/contents/${video.id}`],
        ['GET', `/api/admin/contents/${video.id}/preview`],
        ['GET', `/api/admin/contents/${video.id}/markers`],
        ['GET', `/api/admin/contents/${video.id}/report`],
        ['GET', `/api/admin/contents/${video.id}/enrolments`],
        ['PUT', `/api/admin/contents/${video.id}/markers`],
      ] as const) {
        const response = await outsider(otherAdminToken, method, url, {
          body: method === 'PUT' ? { markers: [] } : undefined,
        });
        expect(response.statusCode, url).toBe(404);
      }
    });

    it('needs the permissions of the contract', async () => {
      const video = await createVideo();
      for (const [method, url] of [
        ['GET', '/api/admin/contents'],
        ['GET', `/api/admin/contents/${video.id}/preview`],
        ['GET', `/api/admin/contents/${video.id}/report`],
        ['GET', '/api/admin/content-overview'],
        ['POST', `/api/admin/contents/${video.id}/enrolments`],
        ['PUT', `/api/admin/contents/${video.id}/markers`],
      ] as const) {
        expect((await as(learnerToken, method, url, { body: {} })).statusCode, url).toBe(403);
        expect((await as(undefined, method, url, { body: {} })).statusCode, url).toBe(401);
      }
    });
  });

  describe('the player and progress', () => {
    let video: { id: number; file: { url: string } };

    beforeAll(async () => {
      video = await createVideo();
    });

    it('answers 404 to a learner who is not enrolled, and to anyone for a passive content', async () => {
      expect((await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).statusCode).toBe(404);
      expect(
        (await heartbeat(video.id, { kind: 'video', session: randomUUID(), seq: 1, ranges: [], position: 0 }))
          .statusCode,
      ).toBe(404);
      await enrol(video.id, [learner.id]);
      await as(adminToken, 'POST', '/api/admin/contents/bulk', {
        body: { action: 'status', ids: [video.id], status: 0 },
      });
      expect((await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).statusCode).toBe(404);
      await as(adminToken, 'POST', '/api/admin/contents/bulk', {
        body: { action: 'status', ids: [video.id], status: 1 },
      });
    });

    it('opens the player with a signed file address, records content.started once, and streams a middle range', async () => {
      const first = await as(learnerToken, 'GET', `/api/contents/${video.id}/player`);
      expect(first.statusCode).toBe(200);
      const { content, progress } = first.json().data;
      expect(progress).toMatchObject({ status: 'in_progress', progress: 0, position: 0, version: 1 });
      expect(content.file_url).toMatch(/\?expires=\d+&signature=/);
      await as(learnerToken, 'GET', `/api/contents/${video.id}/player`);
      expect(await auditOf('content.started', video.id)).toHaveLength(1);
      const ranged = await call(test.app, 'GET', content.file_url, {
        host: hostOf(company),
        headers: { range: 'bytes=100-199' },
      });
      expect(ranged.statusCode).toBe(206);
      expect(ranged.headers['content-range']).toBe('bytes 100-199/4004');
      expect(ranged.rawPayload).toHaveLength(100);
      const unsigned = await call(test.app, 'GET', video.file.url, { host: hostOf(company) });
      expect(unsigned.statusCode).toBe(403);
    });

    it('accepts no more watching than wall time allows, and no skip ahead', async () => {
      const session = randomUUID();
      const greedy = await heartbeat(video.id, { kind: 'video', session, seq: 1, ranges: [[0, 60]], position: 60 });
      expect(greedy.statusCode).toBe(200);
      const watched = greedy.json().data.watched_ranges as [number, number][];
      // The session is seconds old: at most one report window plus the tolerance, nowhere near a minute.
      expect(watched[0]![1]).toBeLessThanOrEqual(12.5);
      expect(greedy.json().data.status).toBe('in_progress');
      const skip = await heartbeat(video.id, { kind: 'video', session, seq: 2, ranges: [[40, 45]], position: 45 });
      expect(skip.json().data.watched_ranges).toEqual(watched);
      expect(skip.json().data.position).toBeLessThanOrEqual(watched[0]![1]);
    });

    it('counts a replayed report once and resumes at the reported second', async () => {
      const session = await openSession(video.id, 30);
      const report = { kind: 'video', session, seq: 1, ranges: [[0, 30]], position: 30 };
      const once = await heartbeat(video.id, report);
      const twice = await heartbeat(video.id, report);
      expect(twice.json().data).toEqual(once.json().data);
      expect(once.json().data).toMatchObject({ progress: 50, position: 30, furthest_second: 30 });
      const reopened = await as(learnerToken, 'GET', `/api/contents/${video.id}/player`);
      expect(reopened.json().data.progress).toMatchObject({ position: 30, progress: 50 });
    });

    it('completes at the threshold and records content.completed once', async () => {
      const session = await openSession(video.id, 40);
      const done = await heartbeat(video.id, { kind: 'video', session, seq: 1, ranges: [[30, 60]], position: 60 });
      expect(done.json().data).toMatchObject({ status: 'completed', progress: 100 });
      expect(done.json().data.completed_at).not.toBeNull();
      const again = await heartbeat(video.id, { kind: 'video', session, seq: 2, ranges: [[0, 10]], position: 10 });
      expect(again.json().data).toMatchObject({ status: 'completed', progress: 100, position: 10 });
      expect(again.json().data.completed_at).toBe(done.json().data.completed_at);
      expect(await auditOf('content.completed', video.id)).toHaveLength(1);
      const report = await as(adminToken, 'GET', `/api/admin/contents/${video.id}/report`);
      expect(report.json().data[0]).toMatchObject({ status: 'completed', progress: 100 });
      expect(report.json().summary).toMatchObject({ enrolled: 1, started: 1, completed: 1, average_progress: 100 });
    });

    it('refuses a report of another kind and bad ranges', async () => {
      const wrongKind = await heartbeat(video.id, {
        kind: 'document',
        session: randomUUID(),
        seq: 1,
        pages: [1],
        position: 1,
      });
      expect(wrongKind.statusCode).toBe(422);
      const reversed = await heartbeat(video.id, {
        kind: 'video',
        session: randomUUID(),
        seq: 1,
        ranges: [[10, 5]],
        position: 1,
      });
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().errors).toHaveProperty(['ranges.0']);
    });

    it('records nothing in a preview', async () => {
      const preview = await as(adminToken, 'GET', `/api/admin/contents/${video.id}/preview`);
      expect(preview.json().data).toMatchObject({ preview: true, progress: null });
    });
  });

  describe('heartbeats without a read', () => {
    it('never overwrites a row another node or tab changed since this node wrote it', async () => {
      const video = await createVideo();
      await enrol(video.id, [learner.id]);
      const session = await openSession(video.id, 30);
      await heartbeat(video.id, { kind: 'video', session, seq: 1, ranges: [[0, 10]], position: 10 });
      // Another node took a report of the same learner meanwhile: the row moved on without this node knowing.
      await asSystem(test.db, (tx) =>
        tx
          .update(contentProgress)
          .set({ watchedRanges: [[0, 20]], position: 20, updatedAt: new Date(Date.now() - 1000) })
          .where(and(eq(contentProgress.contentId, video.id), eq(contentProgress.userId, learner.id))),
      );
      const next = await heartbeat(video.id, { kind: 'video', session, seq: 2, ranges: [[20, 22]], position: 22 });
      expect(next.json().data.watched_ranges).toEqual([[0, 22]]);
    });

    it('stops taking reports at once when the content is made passive or the learner unenrolled', async () => {
      const video = await createVideo();
      await enrol(video.id, [learner.id]);
      const session = await openSession(video.id, 30);
      expect(
        (await heartbeat(video.id, { kind: 'video', session, seq: 1, ranges: [[0, 5]], position: 5 })).statusCode,
      ).toBe(200);
      await as(adminToken, 'POST', '/api/admin/contents/bulk', {
        body: { action: 'status', ids: [video.id], status: 0 },
      });
      await test.platform.events.idle();
      expect(
        (await heartbeat(video.id, { kind: 'video', session, seq: 2, ranges: [[5, 6]], position: 6 })).statusCode,
      ).toBe(404);
      await as(adminToken, 'POST', '/api/admin/contents/bulk', {
        body: { action: 'status', ids: [video.id], status: 1 },
      });
      await test.platform.events.idle();
      expect(
        (await heartbeat(video.id, { kind: 'video', session, seq: 3, ranges: [[5, 6]], position: 6 })).statusCode,
      ).toBe(200);
      const list = (await as(adminToken, 'GET', `/api/admin/contents/${video.id}/enrolments`)).json();
      await as(adminToken, 'DELETE', `/api/admin/contents/${video.id}/enrolments/${list.data[0].id}`);
      await test.platform.events.idle();
      expect(
        (await heartbeat(video.id, { kind: 'video', session, seq: 4, ranges: [[6, 7]], position: 7 })).statusCode,
      ).toBe(404);
    });
  });

  describe('documents, links and pages', () => {
    it('completes a PDF when its last page is shown', async () => {
      const fileUrl = await uploaded(adminToken, 'document', 'guide.pdf', 'application/pdf', PDF);
      const created = await as(adminToken, 'POST', '/api/admin/contents', {
        body: { type: 'document', title: 'El kitabı', language: 'tr', file_url: fileUrl },
      });
      const id = created.json().data.id;
      await enrol(id, [learner.id]);
      await as(learnerToken, 'GET', `/api/contents/${id}/player`);
      const session = randomUUID();
      const half = await heartbeat(id, {
        kind: 'document',
        session,
        seq: 1,
        pages: [1, 2],
        page_count: 4,
        position: 2,
      });
      expect(half.json().data).toMatchObject({ status: 'in_progress', progress: 50, pages_seen: [1, 2], position: 2 });
      const last = await heartbeat(id, { kind: 'document', session, seq: 2, pages: [4], position: 4 });
      expect(last.json().data).toMatchObject({ status: 'completed', progress: 100 });
      const admin = await as(adminToken, 'GET', `/api/admin/contents/${id}`);
      expect(admin.json().data.page_count).toBe(4);
    });

    it('completes a link on opening and a page once read to its end for its minimum time', async () => {
      const link = await as(adminToken, 'POST', '/api/admin/contents', {
        body: { type: 'link', title: 'Politika', language: 'tr', external_url: 'https://example.com/policy' },
      });
      const page = await as(adminToken, 'POST', '/api/admin/contents', {
        body: { type: 'page', title: 'Kurallar', language: 'tr', body: '<p>Uzun metin</p>', min_reading_seconds: 30 },
      });
      for (const id of [link.json().data.id, page.json().data.id]) await enrol(id, [learner.id]);
      const opened = await heartbeat(link.json().data.id, { kind: 'link', session: randomUUID(), seq: 1 });
      expect(opened.json().data.status).toBe('completed');
      const pageId = page.json().data.id;
      await as(learnerToken, 'GET', `/api/contents/${pageId}/player`);
      const session = randomUUID();
      const early = await heartbeat(pageId, { kind: 'page', session, seq: 1, finished: true });
      expect(early.json().data.status).toBe('in_progress');
      for (let seq = 2; seq <= 5; seq++) {
        await ageSession(pageId, 10);
        await heartbeat(pageId, { kind: 'page', session, seq, finished: true });
      }
      const mine = (await as(learnerToken, 'GET', '/api/my/contents')).json().data;
      expect(mine.find((c: { id: number }) => c.id === pageId)).toMatchObject({ status: 'completed', progress: 100 });
    });
  });

  it('takes an external video as watched once its page was open for its length times the threshold', async () => {
    const created = await as(adminToken, 'POST', '/api/admin/contents', {
      body: {
        type: 'video',
        title: 'Harici video',
        language: 'tr',
        external_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        duration_seconds: 20,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    await enrol(id, [learner.id]);
    await as(learnerToken, 'GET', `/api/contents/${id}/player`);
    const ranges = await heartbeat(id, {
      kind: 'video',
      session: randomUUID(),
      seq: 1,
      ranges: [[0, 20]],
      position: 20,
    });
    expect(ranges.statusCode).toBe(422);
    const session = randomUUID();
    await ageSession(id, 10);
    const half = await heartbeat(id, { kind: 'page', session, seq: 1 });
    expect(half.json().data).toMatchObject({ status: 'in_progress', progress: 52 });
    await ageSession(id, 10);
    const done = await heartbeat(id, { kind: 'page', session, seq: 2 });
    expect(done.json().data).toMatchObject({ status: 'completed', progress: 100 });
  });

  describe('interactive markers', () => {
    it('saves the editor’s markers, hides the right answers from the player, grades answers and reports them', async () => {
      const video = await createVideo();
      const saved = await as(adminToken, 'PUT', `/api/admin/contents/${video.id}/markers`, {
        body: {
          markers: [
            {
              type_id: 1,
              second: 5,
              question: 'Kask zorunlu mu?',
              options: [{ text: 'Evet', correct: true }, { text: 'Hayır' }],
            },
            {
              type_id: 2,
              second: 20,
              question: 'Eşleştirin',
              sections: [
                { question: 'Kırmızı', options: [{ text: 'Yasak', correct: true }, { text: 'Bilgi' }] },
                { question: 'Mavi', options: [{ text: 'Yasak' }, { text: 'Bilgi', correct: true }] },
              ],
            },
            { type_id: 1, second: 40, question: 'Görüşünüz?', options: [{ text: 'İyi' }, { text: 'Orta' }] },
          ],
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const markers = saved.json().data as { id: number; second: number }[];
      expect(markers.map((m) => m.second)).toEqual([5, 20, 40]);
      const moved = await as(adminToken, 'PUT', `/api/admin/contents/${video.id}/markers`, {
        body: { markers: [...saved.json().data.slice(0, 2), { ...saved.json().data[2], second: 45 }] },
      });
      expect(moved.json().data.map((m: { id: number }) => m.id)).toEqual(markers.map((m) => m.id));
      const pastEnd = await as(adminToken, 'PUT', `/api/admin/contents/${video.id}/markers`, {
        body: { markers: [{ type_id: 1, second: 90, question: 'X', options: [{ text: 'a' }, { text: 'b' }] }] },
      });
      expect(pastEnd.statusCode).toBe(422);

      await enrol(video.id, [learner.id]);
      const player = (await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).json().data;
      expect(JSON.stringify(player.content.markers)).not.toContain('correct');
      expect(player.content.markers.map((m: { scored: boolean }) => m.scored)).toEqual([true, true, false]);
      const answer = (markerId: number, sections: number[][]) =>
        as(learnerToken, 'POST', `/api/contents/${video.id}/markers/${markerId}/answer`, { body: { sections } });
      expect((await answer(markers[0]!.id, [[0]])).json().data).toEqual({ correct: true });
      expect((await answer(markers[1]!.id, [[0], [0]])).json().data).toEqual({ correct: false });
      expect((await answer(markers[2]!.id, [[1]])).json().data).toEqual({ correct: null });
      expect((await answer(markers[0]!.id, [[5]])).statusCode).toBe(422);
      const again = (await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).json().data;
      expect(again.content.markers[0].answer).toEqual([[0]]);
      const report = (await as(adminToken, 'GET', `/api/admin/contents/${video.id}/report`)).json();
      expect(report.data[0]).toMatchObject({ markers_answered: 3, markers_correct: 1 });
      expect(
        report.summary.markers.map((m: { scored: boolean; answers: number; correct: number }) => [
          m.scored,
          m.answers,
          m.correct,
        ]),
      ).toEqual([
        [true, 1, 1],
        [true, 1, 0],
        [false, 1, 0],
      ]);
    });
  });

  describe('enrolments, the report and the overview', () => {
    it('enrols people and group members once, refuses strangers, and removes an enrolment', async () => {
      const video = await createVideo();
      const colleague = await test.factories.createUser(company);
      const group = await test.factories.createUserGroup(company, { members: [colleague.id, learner.id] });
      const stranger = await test.factories.createUser(other);
      const first = await as(adminToken, 'POST', `/api/admin/contents/${video.id}/enrolments`, {
        body: { user_ids: [learner.id], group_ids: [group.id], due_at: '2027-01-31' },
        lang: 'en',
      });
      expect(first.statusCode, first.body).toBe(200);
      const again = await enrol(video.id, [learner.id]);
      expect(again.json()).toEqual({ data: { added: 0, already: 1 }, message: '0 enrolled, 1 were already enrolled.' });
      expect((await enrol(video.id, [stranger.id])).statusCode).toBe(422);
      expect(
        (await as(adminToken, 'POST', `/api/admin/contents/${video.id}/enrolments`, { body: {} })).statusCode,
      ).toBe(422);
      const list = (await as(adminToken, 'GET', `/api/admin/contents/${video.id}/enrolments`)).json();
      expect(list.meta.total).toBe(first.json().data.added);
      const mine = (await as(learnerToken, 'GET', '/api/my/contents')).json().data;
      expect(mine.find((c: { id: number }) => c.id === video.id)).toMatchObject({
        due_at: '2027-01-31',
        status: 'not_started',
      });
      const ofLearner = list.data.find((e: { user: { id: number } }) => e.user.id === learner.id);
      const removed = await as(adminToken, 'DELETE', `/api/admin/contents/${video.id}/enrolments/${ofLearner.id}`);
      expect(removed.statusCode).toBe(200);
      expect((await as(learnerToken, 'GET', `/api/contents/${video.id}/player`)).statusCode).toBe(404);
    });

    it('exports the report', async () => {
      const video = await createVideo();
      await enrol(video.id, [learner.id]);
      const file = await exportAs(adminToken, `/api/admin/contents/${video.id}/report/export`, {
        query: { format: 'csv' },
        lang: 'en',
      });
      expect(file.body).toContain('Name,Email,Status');
      expect(file.body).toContain('Not started');
    });

    it('finds contents nobody uses and files that are gone', async () => {
      const lonely = await createVideo({ title: 'Kimsenin izlemediği' });
      const name = storedNameOf(lonely.file.url)!;
      await test.platform.files.remove(company.id, name);
      const overview = (await as(adminToken, 'GET', '/api/admin/content-overview')).json().data;
      expect(overview.unused.map((c: { id: number }) => c.id)).toContain(lonely.id);
      expect(overview.broken).toContainEqual({
        id: lonely.id,
        type: 'video',
        title: 'Kimsenin izlemediği',
        problem: 'missing_file',
      });
      expect(overview.storage.find((s: { type: string }) => s.type === 'video').bytes).toBeGreaterThan(0);
    });
  });
});

describeResourceContract({
  plural: 'contents',
  entity: 'content',
  permissions: { read: 'read_content', write: 'create_content' },
  create: (n) => ({ type: 'link', title: `Bağlantı ${n}`, language: 'tr', external_url: `https://example.com/${n}` }),
  update: { title: 'Değişen başlık' },
  invalid: { body: { type: 'link', title: '', language: 'tr', external_url: 'https://example.com' }, field: 'title' },
});
