import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { AUTH_MESSAGES, DOMAIN_EVENTS, type PersonState, type UserDto } from '@app/contracts';
import {
  firstAdmin,
  HttpSession,
  makeTestImage,
  newUserFields,
  PLANTED_METADATA,
  REPO_ROOT,
  signIn,
  signUpMember,
  startStack,
  testInfra,
  withGifMetadata,
  withJpegMetadata,
  withPngMetadata,
  withWebpMetadata,
  withClient,
  type ImageFormat,
  type TestStack,
} from '@app/testing';

// Profiles through the real gateway, auth service, Postgres and S3.
const ADMIN = firstAdmin('first.admin@example.com');
let stack: TestStack;

let scratch: string;

beforeAll(async () => {
  stack = await startStack('users', ['gateway', 'auth'], ADMIN);
  scratch = await mkdtemp(join(tmpdir(), 'users-'));
});

afterAll(async () => {
  await stack?.stop();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

const runTool = promisify(execFile);

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const member = (overrides: Parameters<typeof newUserFields>[0] = {}) => signUpMember(stack.baseUrl, overrides);

function imageForm(bytes: Buffer, name = 'me.png', type = 'image/png', field = 'profileImage') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const uploadImage = (session: HttpSession, form: FormData) =>
  session.request<UserDto & { message?: string }>('POST', '/api/users/profile/image', { form });

describe('GET /api/users/{id}', () => {
  it('shows the email only to the user themself and to admins, and never the password', async () => {
    const { session: owner, user } = await member();
    const { session: other } = await member();
    const { session: admin, user: adminUser } = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
    expect(adminUser.isAdmin).toBe(true);

    const asVisitor = await new HttpSession(stack.baseUrl).get<Record<string, unknown>>(`/api/users/${user.id}`);
    const asOther = await other.get<Record<string, unknown>>(`/api/users/${user.id}`);
    const asOwner = await owner.get<Record<string, unknown>>(`/api/users/${user.id}`);
    const asAdmin = await admin.get<Record<string, unknown>>(`/api/users/${user.id}`);

    for (const res of [asVisitor, asOther]) {
      expect(res.status).toBe(200);
      expect(res.body).not.toHaveProperty('email');
      expect(res.body).toMatchObject({ id: user.id, firstName: 'Casey', lastName: 'Jordan', points: 0, badges: [] });
    }
    for (const res of [asOwner, asAdmin]) expect(res.body.email).toBe(user.email);
    for (const res of [asVisitor, asOther, asOwner, asAdmin]) expect(res.body).not.toHaveProperty('password');
  });

  it('answers 404 for an unknown id and for one that is not an id at all', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      const res = await new HttpSession(stack.baseUrl).get<{ message: string }>(`/api/users/${id}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'User not found' });
    }
  });
});

describe('PUT /api/users/profile', () => {
  it('updates the signed-in user’s names and About Me, trimmed', async () => {
    const { session, user } = await member();
    const res = await session.put<UserDto>('/api/users/profile', {
      firstName: '  Robin ',
      lastName: 'Park',
      description: '  Coach of twenty years  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: user.id,
      email: user.email,
      firstName: 'Robin',
      lastName: 'Park',
      description: 'Coach of twenty years',
    });
    expect((await new HttpSession(stack.baseUrl).get<UserDto>(`/api/users/${user.id}`)).body.firstName).toBe('Robin');

    const cleared = await session.put<UserDto>('/api/users/profile', {
      firstName: 'Robin',
      lastName: 'Park',
      description: '   ',
    });
    expect(cleared.body.description).toBeNull();
  });

  it.each([
    [{ firstName: '', lastName: 'Park' }, AUTH_MESSAGES.firstNameRequired],
    [{ firstName: 'R', lastName: '  ' }, AUTH_MESSAGES.lastNameRequired],
    [{ firstName: 'x'.repeat(101), lastName: 'Park' }, AUTH_MESSAGES.firstNameTooLong],
    [{ firstName: 'R', lastName: 'x'.repeat(101) }, AUTH_MESSAGES.lastNameTooLong],
    [{ firstName: 'R', lastName: 'P', description: 'x'.repeat(1001) }, AUTH_MESSAGES.descriptionTooLong],
    [{ firstName: 'Nul\u0000Byte', lastName: 'Park' }, AUTH_MESSAGES.firstNameControlCharacter],
    [{ firstName: '\u200b', lastName: 'Park' }, AUTH_MESSAGES.firstNameRequired],
    [{ firstName: 'R', lastName: '\u202eretsinimdA' }, AUTH_MESSAGES.lastNameControlCharacter],
    [{ firstName: 'R', lastName: 'P', description: 'About\u0000me' }, AUTH_MESSAGES.descriptionControlCharacter],
  ])('refuses %j with the rule’s message', async (body, message) => {
    const { session } = await member();
    const res = await session.put<{ message: string }>('/api/users/profile', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 401 to a visitor', async () => {
    const res = await new HttpSession(stack.baseUrl).put('/api/users/profile', { firstName: 'A', lastName: 'B' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
  });

  it('cannot make anyone an admin or change their points', async () => {
    const { session } = await member();
    const res = await session.put<UserDto>('/api/users/profile', {
      firstName: 'A',
      lastName: 'B',
      isAdmin: true,
      points: 99,
    });
    expect(res.body).toMatchObject({ isAdmin: false, points: 0 });
  });
});

describe('profile pictures', () => {
  it('stores a picture, serves it with caching headers, replaces and removes it', async () => {
    const { session, user } = await member();
    const first = await uploadImage(session, imageForm(PNG));
    expect(first.status).toBe(200);
    expect(first.body.profileImageUrl).toMatch(new RegExp(`^/api/users/${user.id}/profile-image/[0-9a-f-]+\\.png$`));

    const served = await fetch(`${stack.baseUrl}${first.body.profileImageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    const revalidated = await fetch(`${stack.baseUrl}${first.body.profileImageUrl}`, {
      headers: { 'if-none-match': served.headers.get('etag')! },
    });
    expect(revalidated.status).toBe(304);

    // A GIF named .png is stored as what it is; the old picture is removed from storage.
    const second = await uploadImage(session, imageForm(GIF, 'still.png'));
    expect(second.status).toBe(200);
    expect(second.body.profileImageUrl).toMatch(/\.gif$/);
    expect((await session.get<UserDto>('/api/auth/user')).body.profileImageUrl).toBe(second.body.profileImageUrl);
    await expectGone(first.body.profileImageUrl!);

    const removed = await session.delete<UserDto>('/api/users/profile/image');
    expect(removed.status).toBe(200);
    expect(removed.body.profileImageUrl).toBeNull();
    await expectGone(second.body.profileImageUrl!);
  });

  it.each<[ImageFormat, string, (clean: Buffer) => Buffer]>([
    ['jpg', 'mjpeg', withJpegMetadata],
    ['png', 'png', withPngMetadata],
    ['webp', 'webp', withWebpMetadata],
    ['gif', 'gif', withGifMetadata],
  ])(
    'publishes a %s picture without the GPS position and other metadata, still a picture',
    async (format, codec, tag) => {
      const { session } = await member();
      const tagged = tag(await makeTestImage(scratch, format));
      expect(tagged.includes(Buffer.from(PLANTED_METADATA.text))).toBe(true);
      const res = await uploadImage(session, imageForm(tagged, `me.${format}`, 'application/octet-stream'));
      expect(res.status).toBe(200);

      const served = Buffer.from(await (await fetch(`${stack.baseUrl}${res.body.profileImageUrl}`)).arrayBuffer());
      for (const planted of [PLANTED_METADATA.text, PLANTED_METADATA.latitude, PLANTED_METADATA.longitude, 'Exif']) {
        expect({ planted, found: served.includes(planted) }).toEqual({ planted, found: false });
      }
      const path = join(scratch, `served.${format}`);
      await writeFile(path, served);
      const probed = JSON.parse(
        (
          await runTool(testInfra().ffprobePath, [
            '-v',
            'error',
            '-show_entries',
            'stream=codec_name,width,height',
            '-of',
            'json',
            path,
          ])
        ).stdout,
      ) as { streams: { codec_name: string; width: number; height: number }[] };
      expect(probed.streams).toEqual([{ codec_name: codec, width: 8, height: 8 }]);
      // Decoding the whole picture reports nothing wrong.
      const decoded = await runTool(testInfra().ffmpegPath, ['-v', 'error', '-i', path, '-f', 'null', '-']);
      expect(decoded.stderr).toBe('');
    },
  );

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { session } = await member();
    const res = await uploadImage(session, imageForm(Buffer.from('<svg onload="alert(1)"/>'), 'cat.png'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(AUTH_MESSAGES.imageInvalid);
  });

  it('refuses a picture over 5 MB with 413', async () => {
    const { session } = await member();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const res = await uploadImage(session, imageForm(big));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(AUTH_MESSAGES.imageTooLarge);
  });

  it('asks for the profileImage field when it is missing', async () => {
    const { session } = await member();
    const wrongField = await uploadImage(session, imageForm(PNG, 'me.png', 'image/png', 'avatar'));
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe(AUTH_MESSAGES.imageRequired);
    const notMultipart = await session.post<{ message: string }>('/api/users/profile/image', { profileImage: 'x' });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.message).toBe(AUTH_MESSAGES.imageRequired);
  });

  it('answers 401 to a visitor, for upload and removal', async () => {
    const visitor = new HttpSession(stack.baseUrl);
    expect((await uploadImage(visitor, imageForm(PNG))).status).toBe(401);
    expect((await visitor.delete('/api/users/profile/image')).status).toBe(401);
  });

  it('answers 404 for a picture that does not exist', async () => {
    const { user } = await member();
    const res = await fetch(
      `${stack.baseUrl}/api/users/${user.id}/profile-image/00000000-0000-0000-0000-000000000000.png`,
    );
    expect(res.status).toBe(404);
    const traversal = await fetch(`${stack.baseUrl}/api/users/${user.id}/profile-image/..%2F..%2Fsecret.png`);
    expect(traversal.status).toBe(404);
  });
});

describe('the public face other services keep of a member', () => {
  /** What the auth service published of the member, in the order it recorded it. */
  const published = async (userId: string) =>
    withClient(stack.database.url, async (client) =>
      (
        await client.query<{ payload: { userIds: string[]; person: PersonState } }>(
          `SELECT payload FROM auth.outbox WHERE "eventType" = $1 AND payload->'person'->>'id' = $2 ORDER BY id`,
          [DOMAIN_EVENTS.profileChanged, userId],
        )
      ).rows.map((row) => row.payload),
    );

  it('is published on registration and again, at a higher revision, after every change of names or picture', async () => {
    const { session, user } = await member({ firstName: 'Noor', lastName: 'Haddad' });
    expect(await published(user.id)).toEqual([
      expect.objectContaining({
        userIds: [user.id],
        person: { id: user.id, revision: 1, firstName: 'Noor', lastName: 'Haddad', image: null, removed: false },
      }),
    ]);

    expect((await session.put('/api/users/profile', { firstName: 'Noor', lastName: 'Said' })).status).toBe(200);
    const picture = await uploadImage(session, imageForm(PNG));
    expect(picture.status).toBe(200);
    expect((await session.delete('/api/users/profile/image')).status).toBe(200);

    const people = (await published(user.id)).map((event) => event.person);
    expect(people).toEqual([
      { id: user.id, revision: 1, firstName: 'Noor', lastName: 'Haddad', image: null, removed: false },
      { id: user.id, revision: 2, firstName: 'Noor', lastName: 'Said', image: null, removed: false },
      // The picture as the profile shows it: the gateway's URL, never the stored object's key.
      {
        id: user.id,
        revision: 3,
        firstName: 'Noor',
        lastName: 'Said',
        image: picture.body.profileImageUrl,
        removed: false,
      },
      { id: user.id, revision: 4, firstName: 'Noor', lastName: 'Said', image: null, removed: false },
    ]);
    expect(picture.body.profileImageUrl).toMatch(/^\/api\/users\//);
  });

  it('publishes nothing for a refused change', async () => {
    const { session, user } = await member();
    expect((await session.put('/api/users/profile', { firstName: '', lastName: 'Park' })).status).toBe(400);
    expect((await uploadImage(session, imageForm(Buffer.from('<svg onload="alert(1)"/>'), 'cat.png'))).status).toBe(
      400,
    );
    expect((await published(user.id)).map((event) => event.person.revision)).toEqual([1]);
  });
});

describe('making admins', () => {
  it('npm run admin:promote promotes an existing email and explains an unknown one', async () => {
    const { session, user } = await member();
    const run = promisify(execFile);
    const cli = resolve(REPO_ROOT, 'services/auth/dist/cli/promote-admin.js');
    const env = { ...process.env, ...stack.envFor('auth') };

    const ok = await run(process.execPath, [cli, user.email!.toUpperCase()], { env });
    expect(ok.stdout).toContain(`${user.email} is now an admin.`);
    expect((await session.get<UserDto>('/api/auth/user')).body.isAdmin).toBe(true);

    const missing = await run(process.execPath, [cli, 'nobody@example.com'], { env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(missing).toMatchObject({ code: 1, stderr: expect.stringContaining('No account uses nobody@example.com') });
  });
});

async function expectGone(url: string): Promise<void> {
  // Removal of a replaced picture happens right after the answer; give it a moment.
  const deadline = Date.now() + 5000;
  let status = 0;
  while (Date.now() < deadline) {
    status = (await fetch(`${stack.baseUrl}${url}`)).status;
    if (status === 404) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe(404);
}
