import { Injectable } from '@nestjs/common';
import { CATALOG_PATTERNS, type CategoryDto, type ListVideosRequest, type VideoDto } from '@app/contracts';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class CatalogClient {
  constructor(private readonly rpc: RpcClient) {}

  listCategories(): Promise<CategoryDto[]> {
    return this.rpc.send<CategoryDto[]>('catalog', CATALOG_PATTERNS.listCategories, {});
  }

  listVideos(request: ListVideosRequest): Promise<VideoDto[]> {
    return this.rpc.send<VideoDto[], ListVideosRequest>('catalog', CATALOG_PATTERNS.listVideos, request);
  }
}
