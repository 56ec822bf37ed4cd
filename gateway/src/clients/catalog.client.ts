import { Injectable } from '@nestjs/common';
import { CATALOG_PATTERNS, type CategoryDto } from '@app/contracts';
import { RpcClient } from './rpc.client.js';

@Injectable()
export class CatalogClient {
  constructor(private readonly rpc: RpcClient) {}

  listCategories(): Promise<CategoryDto[]> {
    return this.rpc.send<CategoryDto[]>('catalog', CATALOG_PATTERNS.listCategories, {});
  }
}
