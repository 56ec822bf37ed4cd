import { describe, expect, it } from '@jest/globals';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RoutePreloads } from './route-preloads.js';

/** The shape Vite writes: the entry, a shared bundle, the video route and what it alone imports, with their styles. */
const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shared-b.js'] },
  '_shared-b.js': { file: 'assets/shared-b.js', css: ['assets/shared-b.css'], imports: ['_runtime-c.js'] },
  '_runtime-c.js': { file: 'assets/runtime-c.js' },
  'src/app/routes/video.tsx': {
    file: 'assets/video-d.js',
    css: ['assets/video-d.css'],
    isDynamicEntry: true,
    imports: ['_runtime-c.js', '_shared-b.js', '_player-e.js'],
  },
  '_player-e.js': {
    file: 'assets/player-e.js',
    css: ['assets/player-e.css', 'assets/shared-b.css'],
    imports: ['_shared-b.js'],
  },
};

describe('RoutePreloads', () => {
  const preloads = new RoutePreloads(manifest);

  it('preloads what a video page asks the API for first, with credentials, and its code and styles beyond the shell’s', () => {
    expect(preloads.links('/video/42')).toEqual([
      '</api/videos/42>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/feedback/video/42>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</assets/video-d.css>; rel=preload; as=style; crossorigin',
      '</assets/player-e.css>; rel=preload; as=style; crossorigin',
      '</assets/video-d.js>; rel=modulepreload',
      '</assets/player-e.js>; rel=modulepreload',
    ]);
  });

  it('preloads nothing for other screens, or for an address that is no video id', () => {
    expect(preloads.links('/')).toEqual([]);
    expect(preloads.links('/my-videos')).toEqual([]);
    expect(preloads.links('/video/0')).toEqual([]);
    expect(preloads.links('/video/abc')).toEqual([]);
    expect(preloads.links('/video/42/extra')).toEqual([]);
    expect(preloads.links('/video/1234567890123456')).toEqual([]);
  });

  it('reads the build’s manifest, and without one still preloads the API calls', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'route-preloads-'));
    try {
      expect(RoutePreloads.fromBuild(dir).links('/video/7')).toEqual([
        '</api/videos/7>; rel=preload; as=fetch; crossorigin=use-credentials',
        '</api/feedback/video/7>; rel=preload; as=fetch; crossorigin=use-credentials',
      ]);
      await mkdir(join(dir, '.vite'));
      await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(RoutePreloads.fromBuild(dir).links('/video/7')).toContain('</assets/video-d.js>; rel=modulepreload');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
