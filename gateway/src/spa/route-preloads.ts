import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the build's `.vite/manifest.json` says of one source file: its bundle, its styles and what that imports. */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

/** The screens whose address alone says what they fetch first, by the source of their lazily loaded code. */
const ROUTES: { path: RegExp; source: string; api: (id: string) => string[] }[] = [
  {
    // The video page: its code, the video and its first page of feedback (the URLs are the app's:
    // features/videos/api/get-video, features/feedback/api/get-video-feedback).
    path: /^\/video\/([1-9]\d{0,14})$/,
    source: 'src/app/routes/video.tsx',
    api: (id) => [`/api/videos/${id}`, `/api/feedback/video/${id}`],
  },
];

/**
 * `Link` header values for the app's shell at a path: what that screen asks for first, for the
 * browser to fetch beside the app's own code (`rel=preload`, `rel=modulepreload`) instead of in a
 * second wave once that code has run. The app's requests then take these answers: its API calls
 * are made with credentials (`crossorigin=use-credentials`), its code as module scripts are, its
 * stylesheets as Vite's loader adds them (`crossorigin`), which holds the screen's code back until
 * they have arrived. Files the shell's HTML already loads are left out.
 */
export class RoutePreloads {
  private readonly manifest: Manifest;

  constructor(manifest: Manifest) {
    this.manifest = manifest;
  }

  /** From the build (`<static dir>/.vite/manifest.json`); without one, only the API calls are preloaded. */
  static fromBuild(staticDir: string): RoutePreloads {
    try {
      return new RoutePreloads(JSON.parse(readFileSync(join(staticDir, '.vite', 'manifest.json'), 'utf8')) as Manifest);
    } catch {
      return new RoutePreloads({});
    }
  }

  links(path: string): string[] {
    for (const route of ROUTES) {
      const id = route.path.exec(path)?.[1];
      if (id === undefined) continue;
      const { code, styles } = this.bundlesOf(route.source);
      const api = route.api(id).map((url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`);
      return [
        ...api,
        ...styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
        ...code.map((file) => `</${file}>; rel=modulepreload`),
      ];
    }
    return [];
  }

  /** The route's bundle and every bundle it imports, and their stylesheets, less the shell's own (the entry and its imports). */
  private bundlesOf(source: string): { code: string[]; styles: string[] } {
    if (!this.manifest[source]) return { code: [], styles: [] };
    const shell = new Set<string>();
    for (const [key, chunk] of Object.entries(this.manifest)) if (chunk.isEntry) this.collect(key, shell);
    const shellStyles = new Set([...shell].flatMap((key) => this.manifest[key].css ?? []));
    const route = new Set<string>();
    this.collect(source, route);
    const chunks = [...route].filter((key) => !shell.has(key)).map((key) => this.manifest[key]);
    const styles = new Set(chunks.flatMap((chunk) => chunk.css ?? []).filter((file) => !shellStyles.has(file)));
    return { code: chunks.map((chunk) => chunk.file), styles: [...styles] };
  }

  private collect(key: string, into: Set<string>): void {
    const chunk = this.manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) this.collect(imported, into);
  }
}
