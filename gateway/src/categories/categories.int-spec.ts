import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CATEGORY_MESSAGES, type CategoryDto, type UserDto, type VideoDto } from '@app/contracts';
import {
  firstAdmin,
  HttpSession,
  linkYoutubeVideo,
  newUserFields,
  signIn,
  signUpMember,
  startStack,
  withClient,
  type TestStack,
} from '@app/testing';

// Category administration through the real gateway, auth and catalog services and Postgres.
const ADMIN = firstAdmin('category.admin@example.com');
let stack: TestStack;
let admin: HttpSession;
let member: HttpSession;
let memberUser: UserDto;

beforeAll(async () => {
  stack = await startStack('categories', ['gateway', 'auth', 'catalog', 'video'], ADMIN);
  const adminSignIn = await signIn(stack.baseUrl, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);
  expect(adminSignIn.user.isAdmin).toBe(true);
  admin = adminSignIn.session;
  ({ session: member, user: memberUser } = await signUp());
});

afterAll(async () => {
  await stack?.stop();
});

type Answer = CategoryDto & { message?: string };

const signUp = (overrides: Parameters<typeof newUserFields>[0] = {}) => signUpMember(stack.baseUrl, overrides);

const sql = <T>(text: string, values: unknown[] = []) =>
  withClient(stack.database.url, async (client) => (await client.query(text, values)).rows as T[]);

const visitor = () => new HttpSession(stack.baseUrl);
const create = (session: HttpSession, body: unknown) => session.post<Answer>('/api/categories', body);
const remove = (session: HttpSession, id: number | string) =>
  session.delete<{ message?: string } | ''>(`/api/categories/${id}`);
const listCategories = async () => {
  const res = await visitor().get<CategoryDto[]>('/api/categories');
  expect(res.status).toBe(200);
  return res.body;
};
const rowsNamed = (name: string) =>
  sql<{ id: number; name: string; icon: string }>(
    'SELECT id, name, icon FROM catalog.categories WHERE lower(name) = lower($1)',
    [name],
  );

let counter = 0;
const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}${(counter += 1)}`;

describe('POST /api/categories', () => {
  it('lets an admin create a category, trimmed, and lists it', async () => {
    const name = uniqueName('Climbing');
    const res = await create(admin, { name: `  ${name}  `, icon: ' 🧗 ', id: 999_999, createdAt: '2000-01-01' });

    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), name, icon: '🧗' });
    expect(res.body.id).not.toBe(999_999);
    expect(await listCategories()).toContainEqual(res.body);
    expect(await rowsNamed(name)).toEqual([{ id: res.body.id, name, icon: '🧗' }]);
  });

  it('takes a name and an icon of exactly 50 characters (an emoji counts as one)', async () => {
    const name = uniqueName('N').padEnd(50, 'n');
    const icon = '🏓'.repeat(50);
    const res = await create(admin, { name, icon });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name, icon });
  });

  it('answers 401 to a visitor', async () => {
    const name = uniqueName('Visitor');
    const res = await create(visitor(), { name, icon: '🚫' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Unauthorized' });
    expect(await rowsNamed(name)).toEqual([]);
  });

  it('answers 403 to a member who is not an admin', async () => {
    const name = uniqueName('Member');
    const res = await create(member, { name, icon: '🚫' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Admin access required' });
    expect(await rowsNamed(name)).toEqual([]);
  });

  it('takes the right away as soon as an admin is demoted, and gives it on promotion', async () => {
    const { session, user } = await signUp();
    await sql('UPDATE auth.users SET "isAdmin" = true WHERE id = $1', [user.id]);
    expect((await create(session, { name: uniqueName('Promoted'), icon: '⬆️' })).status).toBe(201);
    await sql('UPDATE auth.users SET "isAdmin" = false WHERE id = $1', [user.id]);
    const res = await create(session, { name: uniqueName('Demoted'), icon: '⬇️' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: CATEGORY_MESSAGES.adminRequired });
  });

  it.each([
    [{ icon: '⛳' }, 'Category name is required'],
    [{ name: '', icon: '⛳' }, 'Category name is required'],
    [{ name: '    ', icon: '⛳' }, 'Category name is required'],
    [{ name: null, icon: '⛳' }, 'Category name is required'],
    [{ name: 7, icon: '⛳' }, 'Category name is required'],
    [{ name: 'x'.repeat(51), icon: '⛳' }, 'Category name must be 50 characters or less'],
    [{ name: 'Line\nbreak', icon: '⛳' }, 'Category name must not contain control characters'],
    [{ name: 'Nul\u0000byte', icon: '⛳' }, 'Category name must not contain control characters'],
    [{ name: 'No icon' }, 'Category icon is required'],
    [{ name: 'Blank icon', icon: '  ' }, 'Category icon is required'],
    [{ name: 'Number icon', icon: 5 }, 'Category icon is required'],
    [{ name: 'Long icon', icon: '⛳'.repeat(51) }, 'Category icon must be 50 characters or less'],
    [{ name: 'Nul icon', icon: '\u0000' }, 'Category icon must not contain control characters'],
    [{}, 'Category name is required'],
  ])('refuses %j with 400 and the field’s message', async (body, message) => {
    const res = await create(admin, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
  });

  it('refuses a body that is not a JSON object', async () => {
    const res = await admin.request<{ message: string }>('POST', '/api/categories', {
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const array = await create(admin, [{ name: 'A', icon: 'B' }]);
    expect(array.status).toBe(400);
  });

  it('answers 409 for a name that is taken, whatever its case or surrounding spaces', async () => {
    for (const name of ['Golf', 'golf', 'GOLF', '  gOlF  ']) {
      const res = await create(admin, { name, icon: '🏌️' });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'A category with this name already exists' });
    }
    expect(await rowsNamed('golf')).toEqual([{ id: expect.any(Number), name: 'Golf', icon: '⛳' }]);

    const name = uniqueName('Bouldering');
    expect((await create(admin, { name, icon: '🧗' })).status).toBe(201);
    const again = await create(admin, { name: name.toUpperCase(), icon: '🪨' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: CATEGORY_MESSAGES.nameTaken });
  });

  it('creates exactly one category when the same name arrives many times at once', async () => {
    const name = uniqueName('Parkour');
    const spellings = [name, name.toLowerCase(), name.toUpperCase(), ` ${name} `];
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => create(admin, { name: spellings[i % spellings.length], icon: '🤸' })),
    );

    const statuses = answers.map((res) => res.status).sort((a, b) => a - b);
    expect(statuses).toEqual([201, ...Array<number>(11).fill(409)]);
    const rows = await rowsNamed(name);
    expect(rows).toHaveLength(1);
    const created = answers.find((res) => res.status === 201)!;
    expect(created.body).toEqual(rows[0]);
    for (const res of answers.filter((r) => r.status === 409)) {
      expect(res.body).toEqual({ message: CATEGORY_MESSAGES.nameTaken });
    }
  });
});

describe('DELETE /api/categories/{id}', () => {
  const newCategory = async (base: string) => {
    const res = await create(admin, { name: uniqueName(base), icon: '🗑️' });
    expect(res.status).toBe(201);
    return res.body;
  };

  it('lets an admin delete a category: 204, gone from the list, then 404', async () => {
    const category = await newCategory('Juggling');
    expect(await listCategories()).toContainEqual(category);

    const res = await remove(admin, category.id);
    expect(res.status).toBe(204);
    expect(res.body).toBe('');
    expect(await listCategories()).not.toContainEqual(category);
    expect(await rowsNamed(category.name)).toEqual([]);

    const again = await remove(admin, category.id);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: 'Category not found' });

    // The name is free again.
    expect((await create(admin, { name: category.name, icon: '🤹' })).status).toBe(201);
  });

  it('leaves the category’s videos listed, uncategorised', async () => {
    const category = await newCategory('Unicycling');
    const other = await newCategory('Slacklining');
    // Linked as members do: the catalog lists what the video service's events tell it.
    const insert = (categoryId: number, title: string) =>
      linkYoutubeVideo(member, { title, categoryId }).then((video) => video.id);
    const first = await insert(category.id, 'Idle hop');
    const second = await insert(category.id, 'Free mount');
    const kept = await insert(other.id, 'Line walk');

    expect((await remove(admin, category.id)).status).toBe(204);

    const res = await visitor().get<VideoDto[]>(`/api/videos?uploaderId=${memberUser.id}&limit=100`);
    expect(res.status).toBe(200);
    const byId = new Map(res.body.map((video) => [video.id, video]));
    for (const id of [first, second]) {
      expect(byId.get(id)).toMatchObject({ categoryId: null, categoryName: null, categoryIcon: null });
    }
    expect(byId.get(kept)).toMatchObject({ categoryId: other.id, categoryName: other.name });
    const filtered = await visitor().get<VideoDto[]>(`/api/videos?categoryId=${category.id}`);
    expect(filtered.body).toEqual([]);
  });

  it('answers 404 for an id that names no category', async () => {
    for (const id of [987_654, 2_147_483_647]) {
      const res = await remove(admin, id);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: CATEGORY_MESSAGES.notFound });
    }
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '2147483648', '99999999999999999999', "1' OR '1'='1"])(
    'answers 400 for the id %j, which is not an id at all',
    async (id) => {
      const res = await remove(admin, encodeURIComponent(id));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: 'Category id must be a positive integer' });
    },
  );

  it('answers 401 to a visitor and 403 to a member, and keeps the category', async () => {
    const category = await newCategory('Kendama');

    const signedOut = await remove(visitor(), category.id);
    expect(signedOut.status).toBe(401);
    expect(signedOut.body).toEqual({ message: 'Unauthorized' });

    const notAdmin = await remove(member, category.id);
    expect(notAdmin.status).toBe(403);
    expect(notAdmin.body).toEqual({ message: 'Admin access required' });

    expect(await listCategories()).toContainEqual(category);
  });
});
