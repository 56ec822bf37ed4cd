// Demo content for `npm run up`: on a site without videos, registers a few members, uploads clips
// generated with ffmpeg (processed by the real media pipeline), adds YouTube links and feedback —
// all through the public HTTP API, as a person using the site would. Never throws: a problem is
// printed as a warning and `up` keeps running. `SEED_DEMO=false` (up.mjs) skips it; tests never use it.
import { execFile } from 'node:child_process';
import { openAsBlob, rmSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_CLIPS, DEMO_EMAIL_DOMAIN, DEMO_LINKS, DEMO_MEMBERS, DEMO_PASSWORD } from './demo-content.mjs';

const say = (message) => console.log(`[demo] ${message}`);
const warn = (message) => console.warn(`[demo] warning: ${message}`);

const PROCESSING_WAIT_MS = 120_000;
/** ffmpeg runs at once: the machine also runs the media worker. */
const FFMPEG_PARALLEL = 2;

/** True unless SEED_DEMO is 'false' or '0'. */
export function demoSeedingEnabled(value = process.env.SEED_DEMO) {
  return !['false', '0'].includes(
    String(value ?? '')
      .trim()
      .toLowerCase(),
  );
}

/**
 * @param {{ base: string, ffmpegPath?: string }} options base: the printed URL, e.g. http://localhost:8080
 */
export async function seedDemoContent({ base, ffmpegPath = 'ffmpeg' }) {
  const started = Date.now();
  const scratch = { dir: null, children: new Set() };
  // Ctrl-C while seeding: no ffmpeg or temp files are left behind.
  const onExit = () => cleanUp(scratch);
  process.once('exit', onExit);
  try {
    const existing = await api(base, '/api/videos?limit=1');
    if (!existing.ok || !Array.isArray(existing.data)) {
      warn(`could not read the video list (HTTP ${existing.status}); nothing seeded`);
      return;
    }
    if (existing.data.length > 0) {
      say('the site already has videos: nothing to seed');
      return;
    }
    say('empty site: adding demo members, videos and feedback (SEED_DEMO=false turns this off)');
    await seed(base, ffmpegPath, scratch, started);
  } catch (error) {
    warn(`seeding stopped: ${error.message}`);
  } finally {
    cleanUp(scratch);
    process.removeListener('exit', onExit);
  }
}

async function seed(base, ffmpegPath, scratch, started) {
  scratch.dir = await mkdtemp(join(tmpdir(), 'vf-demo-'));
  const ffmpeg = new Ffmpeg(ffmpegPath, scratch);

  const categories = await api(base, '/api/categories');
  const categoryIds = new Map((Array.isArray(categories.data) ? categories.data : []).map((c) => [c.name, c.id]));

  // Start making the clips at once; members sign up meanwhile.
  const hevc = await ffmpeg.hasEncoder('libx265');
  const clipFiles = DEMO_CLIPS.map((clip, index) =>
    ffmpeg.queue(() => makeClip(ffmpeg, scratch.dir, clip, index, hevc)),
  );
  clipFiles.forEach((file) => file.catch(() => undefined)); // reported where each is awaited

  const members = new Map();
  for (const person of DEMO_MEMBERS) {
    const member = await signUp(base, person);
    if (member) members.set(person.key, member);
  }
  if (members.size === 0) {
    warn('no demo member could sign up or sign in; nothing else seeded');
    return;
  }
  say(`members: ${[...members.values()].map((m) => m.name).join(', ')}`);

  const textOk = await ffmpeg.canDrawText(scratch.dir);
  let pictures = 0;
  for (const person of DEMO_MEMBERS) {
    const member = members.get(person.key);
    if (member && (await setProfilePicture(base, ffmpeg, scratch.dir, person, member, textOk))) pictures += 1;
  }
  if (pictures) say(`profile pictures: ${pictures}`);

  /** @type {{ id: number, title: string, member: string, feedback: {from: string, content: string}[], file: boolean }[]} */
  const videos = [];
  for (const [index, clip] of DEMO_CLIPS.entries()) {
    const member = members.get(clip.member);
    let file;
    try {
      file = await clipFiles[index];
    } catch (error) {
      warn(`could not make "${clip.title}": ${error.message}`);
      continue;
    }
    if (!member) continue;
    const form = videoForm(clip, categoryIds);
    if (!form) continue;
    form.append('video', await openAsBlob(file.path, { type: file.type }), file.name);
    const created = await api(base, '/api/videos', {
      method: 'POST',
      body: form,
      cookie: member.cookie,
      timeoutMs: 90_000,
    });
    if (!created.ok) {
      warn(`upload "${clip.title}": HTTP ${created.status} ${messageOf(created)}`);
      continue;
    }
    videos.push({ id: created.data.id, title: clip.title, member: clip.member, feedback: clip.feedback, file: true });
    say(`uploaded "${clip.title}" (${clip.category}, ${file.label}) by ${member.name}`);
  }
  for (const link of DEMO_LINKS) {
    const member = members.get(link.member);
    const form = member && videoForm(link, categoryIds);
    if (!form) continue;
    form.append('youtubeUrl', link.youtubeUrl);
    const created = await api(base, '/api/videos', { method: 'POST', body: form, cookie: member.cookie });
    if (!created.ok) {
      warn(`YouTube link "${link.title}": HTTP ${created.status} ${messageOf(created)}`);
      continue;
    }
    videos.push({ id: created.data.id, title: link.title, member: link.member, feedback: link.feedback, file: false });
    say(`linked "${link.title}" (${link.category}, YouTube) by ${member.name}`);
  }
  cleanUp(scratch); // the clips are in the bucket now

  const ready = await waitUntilProcessed(
    base,
    videos.filter((v) => v.file),
  );

  // The members watch each other's videos: each counts one view.
  let views = 0;
  for (const video of videos) {
    for (const [key, member] of members) {
      if (key === video.member) continue;
      const seen = await api(base, `/api/videos/${video.id}`, { cookie: member.cookie });
      if (seen.ok) views += 1;
    }
  }

  const feedback = await giveFeedback(base, videos, members);

  const seconds = Math.round((Date.now() - started) / 1000);
  const files = videos.filter((v) => v.file).length;
  say(
    `done in ${seconds} s: ${members.size} members, ${videos.length} videos (${files} uploaded, ${ready} of them ready; ` +
      `${videos.length - files} YouTube links), ${views} views, ${feedback} pieces of feedback`,
  );
  const emails = [...members.values()].map((m) => m.email);
  say(`sign in at ${base}/login as ${emails[0]} (or ${emails.slice(1).join(', ')}), password: ${DEMO_PASSWORD}`);
}

/** Registers one member, or signs in when the account exists from an earlier, interrupted run. */
async function signUp(base, person) {
  const email = `${person.firstName}.${person.lastName}@${DEMO_EMAIL_DOMAIN}`.toLowerCase();
  const name = `${person.firstName} ${person.lastName}`;
  const body = {
    email,
    password: DEMO_PASSWORD,
    firstName: person.firstName,
    lastName: person.lastName,
    description: person.description,
  };
  let answer = await api(base, '/api/auth/register', { method: 'POST', json: body });
  if (answer.status === 409) {
    answer = await api(base, '/api/auth/login', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
  }
  if (!answer.ok || !answer.cookie) {
    warn(`member ${email}: HTTP ${answer.status} ${messageOf(answer)}`);
    return null;
  }
  return { email, name, id: answer.data.id, cookie: answer.cookie, hasPicture: Boolean(answer.data.profileImageUrl) };
}

async function setProfilePicture(base, ffmpeg, dir, person, member, textOk) {
  if (member.hasPicture) return false;
  const path = join(dir, `avatar-${person.key}.png`);
  const initials = `${person.firstName[0]}${person.lastName[0]}`;
  try {
    const textFile = textOk ? await caption(dir, `avatar-${person.key}`, initials) : null;
    await ffmpeg
      .run(avatarArgs(person.colors, textFile, path))
      .catch(() => ffmpeg.run(avatarArgs(person.colors, textFile, path, true)));
  } catch (error) {
    warn(`profile picture for ${member.name}: ${error.message}`);
    return false;
  }
  const form = new FormData();
  form.append('profileImage', await openAsBlob(path, { type: 'image/png' }), `${person.key}.png`);
  const answer = await api(base, '/api/users/profile/image', { method: 'POST', body: form, cookie: member.cookie });
  if (!answer.ok) warn(`profile picture for ${member.name}: HTTP ${answer.status} ${messageOf(answer)}`);
  return answer.ok;
}

function videoForm(item, categoryIds) {
  const categoryId = categoryIds.get(item.category);
  if (!categoryId) {
    warn(`no category "${item.category}"; "${item.title}" skipped`);
    return null;
  }
  const form = new FormData();
  form.append('title', item.title);
  form.append('description', item.description);
  form.append('categoryId', String(categoryId));
  return form;
}

/** Polls the public list (which counts no views) until every upload is ready or failed. Answers the ready count. */
async function waitUntilProcessed(base, uploads) {
  if (uploads.length === 0) return 0;
  const deadline = Date.now() + PROCESSING_WAIT_MS;
  const ids = new Set(uploads.map((v) => v.id));
  let states = new Map();
  let lastLine = '';
  while (true) {
    const list = await api(base, '/api/videos?limit=100');
    if (list.ok && Array.isArray(list.data)) {
      states = new Map(list.data.filter((v) => ids.has(v.id)).map((v) => [v.id, v.processingState]));
    }
    const ready = [...states.values()].filter((s) => s === 'ready').length;
    const failed = [...states.values()].filter((s) => s === 'failed').length;
    const line = `processing: ${ready}/${uploads.length} ready${failed ? `, ${failed} failed` : ''}`;
    if (line !== lastLine) say(line);
    lastLine = line;
    if (ready + failed >= uploads.length) break;
    if (Date.now() > deadline) {
      say(`${uploads.length - ready - failed} still processing; they appear when the media worker is done`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
  for (const video of uploads) {
    if (states.get(video.id) === 'failed') warn(`"${video.title}" failed to process`);
  }
  return [...states.values()].filter((s) => s === 'ready').length;
}

/**
 * Writes the feedback, then lets the other members rate it and mark some of it helpful, so the
 * numbers (ratings, Expert badges, points) are there to see. Answers how many pieces were written.
 */
async function giveFeedback(base, videos, members) {
  const given = [];
  for (const video of videos) {
    for (const { from, content } of video.feedback) {
      const member = members.get(from);
      if (!member) continue;
      const answer = await api(base, `/api/videos/${video.id}/feedback`, {
        method: 'POST',
        json: { content },
        cookie: member.cookie,
      });
      if (answer.ok) given.push({ id: answer.data.id, from });
      else warn(`feedback on "${video.title}": HTTP ${answer.status} ${messageOf(answer)}`);
    }
  }
  let ratings = 0;
  let votes = 0;
  for (const [i, feedback] of given.entries()) {
    for (const [name, member] of members) {
      if (name === feedback.from) continue;
      // Mostly well received, a few middling: enough spread for the three feedback sorts.
      const rating = (i + name.length) % 4 === 0 ? 3 : (i + name.length) % 3 === 0 ? 4 : 5;
      const rated = await api(base, `/api/feedback/${feedback.id}/rate`, {
        method: 'POST',
        json: { rating },
        cookie: member.cookie,
      });
      if (rated.ok) ratings += 1;
      if ((i + name.length) % 2 === 0) {
        const voted = await api(base, `/api/feedback/${feedback.id}/vote`, { method: 'POST', cookie: member.cookie });
        if (voted.ok) votes += 1;
      }
    }
  }
  if (given.length) say(`feedback: ${given.length} pieces, ${ratings} ratings, ${votes} helpful votes`);
  return given.length;
}

/** One HTTP call; answers status, parsed body and the session cookie it set, never throws on HTTP errors. */
async function api(base, path, { method = 'GET', json, body, cookie, timeoutMs = 30_000 } = {}) {
  const headers = {};
  if (json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(json);
  }
  if (cookie) headers.cookie = cookie;
  const response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  const text = await response.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = text;
  }
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('vf.sid='));
  return { status: response.status, ok: response.ok, data, cookie: session ?? cookie };
}

const messageOf = (answer) =>
  typeof answer.data === 'object' && answer.data?.message
    ? answer.data.message
    : String(answer.data ?? '').slice(0, 200);

// ---------------------------------------------------------------------------------------------
// ffmpeg

class Ffmpeg {
  constructor(path, scratch) {
    this.path = path;
    this.scratch = scratch;
    this.running = 0;
    this.waiting = [];
  }

  run(args, timeoutMs = 60_000) {
    return new Promise((resolve, reject) => {
      const child = execFile(
        this.path,
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
        { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024 },
        (error, _stdout, stderr) => {
          this.scratch.children.delete(child);
          if (error) reject(new Error(lastLine(stderr) || error.message));
          else resolve();
        },
      );
      this.scratch.children.add(child);
    });
  }

  /** Runs `task` when fewer than FFMPEG_PARALLEL are running. */
  queue(task) {
    return new Promise((resolve, reject) => {
      const start = () => {
        this.running += 1;
        task()
          .then(resolve, reject)
          .finally(() => {
            this.running -= 1;
            this.waiting.shift()?.();
          });
      };
      if (this.running < FFMPEG_PARALLEL) start();
      else this.waiting.push(start);
    });
  }

  async hasEncoder(name) {
    return new Promise((resolve) => {
      execFile(this.path, ['-hide_banner', '-encoders'], { maxBuffer: 4 * 1024 * 1024 }, (error, stdout) =>
        resolve(!error && new RegExp(`\\s${name}\\s`).test(stdout)),
      );
    });
  }

  /** drawtext needs a font through fontconfig; a bare machine may have none. Tried once. */
  canDrawText(dir) {
    this.textCheck ??= caption(dir, 'probe', 'Aa').then((textFile) =>
      this.run(
        ['-f', 'lavfi', '-i', 'color=c=black:s=64x64', '-vf', drawText(textFile, 20, 'center')].concat([
          '-frames:v',
          '1',
          '-f',
          'null',
          '-',
        ]),
      ).then(
        () => true,
        () => false,
      ),
    );
    return this.textCheck;
  }
}

/** Makes one clip: 640x360 H.264/AAC MP4 with its title burnt in, or HEVC in a .mov when `clip.hevc`. */
async function makeClip(ffmpeg, dir, clip, index, hevcAvailable) {
  const hevc = Boolean(clip.hevc) && hevcAvailable;
  const name = `clip-${index + 1}.${hevc ? 'mov' : 'mp4'}`;
  const path = join(dir, name);
  const textOk = await ffmpeg.canDrawText(dir);
  const audio = `sine=frequency=${clip.tone}:sample_rate=44100${clip.beep ? ':beep_factor=4' : ''}`;
  const videoCodec = hevc
    ? ['-c:v', 'libx265', '-preset', 'veryfast', '-crf', '30', '-tag:v', 'hvc1', '-x265-params', 'log-level=error']
    : ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '28'];
  const title = textOk ? ['-vf', drawText(await caption(dir, `clip-${index + 1}`, clip.title), 24, 'bottom')] : [];
  const args = (source) => [
    ...['-f', 'lavfi', '-i', source, '-f', 'lavfi', '-i', audio, '-t', String(clip.seconds)],
    ...title,
    ...['-af', 'volume=0.25', ...videoCodec, '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '96k', '-movflags', '+faststart', path],
  ];
  try {
    await ffmpeg.run(args(clip.source));
  } catch {
    // An older ffmpeg may lack a source (gradients came with 4.4): the test pattern, tinted per clip.
    await ffmpeg.run(args(`testsrc2=s=640x360:r=25,hue=h=${index * 40}`));
  }
  return {
    path,
    name,
    type: hevc ? 'video/quicktime' : 'video/mp4',
    label: hevc ? `HEVC .mov, ${clip.seconds} s, transcoded by the worker` : `H.264 MP4, ${clip.seconds} s`,
  };
}

function avatarArgs(colors, textFile, path, plain = false) {
  const [c0, c1] = colors;
  const background = plain
    ? `color=c=${c0}:s=256x256`
    : `gradients=s=256x256:c0=${c0}:c1=${c1}:x0=0:y0=0:x1=256:y1=256:n=2`;
  return [
    ...['-f', 'lavfi', '-i', background],
    ...(textFile ? ['-vf', drawText(textFile, 104, 'center')] : []),
    ...['-frames:v', '1', path],
  ];
}

/** Text comes from a file, so titles need no filtergraph escaping. */
async function caption(dir, name, text) {
  const file = join(dir, `${name}.txt`);
  await writeFile(file, text);
  return file;
}

function drawText(textFile, size, where) {
  const position =
    where === 'center'
      ? 'x=(w-text_w)/2:y=(h-text_h)/2'
      : 'x=(w-text_w)/2:y=h-text_h-24:box=1:boxcolor=black@0.5:boxborderw=10';
  // The path is ours (mkdtemp under tmpdir): no characters the filtergraph would parse.
  return `drawtext=textfile=${textFile}:fontcolor=white:fontsize=${size}:${position}`;
}

function lastLine(text) {
  return String(text ?? '')
    .trim()
    .split('\n')
    .pop();
}

function cleanUp(scratch) {
  for (const child of scratch.children) child.kill('SIGKILL');
  scratch.children.clear();
  if (scratch.dir) rmSync(scratch.dir, { recursive: true, force: true });
  scratch.dir = null;
}
