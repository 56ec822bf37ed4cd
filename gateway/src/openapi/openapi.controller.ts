import { Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { API_DOCS_ASSETS } from '@app/contracts';
import { buildOpenApiDocument } from './openapi-document.js';

type DocsAsset = (typeof API_DOCS_ASSETS)[number];

/** Swagger UI's own files, from node_modules (there in the Docker image too: a runtime dependency). */
const swaggerUiDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** Starts Swagger UI on this document; a file of its own, since no inline script may run (CSP). */
const INITIALIZER = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#swagger-ui', deepLinking: true });
});
`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>SkillShare API</title>
    <link rel="stylesheet" href="/api/docs/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="/api/docs/swagger-ui-bundle.js"></script>
    <script src="/api/docs/swagger-initializer.js"></script>
  </body>
</html>
`;

const ASSET_TYPES: Record<DocsAsset, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-initializer.js': 'application/javascript; charset=utf-8',
};

const isDocsAsset = (name: string): name is DocsAsset => (API_DOCS_ASSETS as readonly string[]).includes(name);

/** The API's OpenAPI document and a page to browse it; public, like the API's own description. */
@Controller('api')
export class OpenApiController {
  // Built once: the table and the schemas are fixed for the life of the process.
  private readonly document = buildOpenApiDocument();

  @Get('openapi.json')
  openApiDocument(): Record<string, unknown> {
    return this.document;
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-cache')
  docsPage(): string {
    return DOCS_PAGE;
  }

  @Get('docs/:asset')
  docsAsset(@Param('asset') asset: string, @Res() res: Response): void {
    if (!isDocsAsset(asset)) throw new NotFoundException({ message: 'No such file' });
    res.setHeader('Content-Type', ASSET_TYPES[asset]);
    res.setHeader('Cache-Control', 'public, max-age=3600');
    if (asset === 'swagger-initializer.js') {
      res.send(INITIALIZER);
      return;
    }
    res.sendFile(join(swaggerUiDir, asset));
  }
}
