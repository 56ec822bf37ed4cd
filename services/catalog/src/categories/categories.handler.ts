import { Controller } from '@nestjs/common';
import { CATALOG_RPC, type RpcPayload } from '@app/contracts';
import { Rpc } from '@app/common';
import { CategoriesService } from './categories.service.js';

@Controller()
export class CategoriesHandler {
  constructor(private readonly categories: CategoriesService) {}

  @Rpc(CATALOG_RPC.listCategories)
  list() {
    return this.categories.list();
  }

  @Rpc(CATALOG_RPC.categoryExists)
  async exists({ id }: RpcPayload<typeof CATALOG_RPC.categoryExists>) {
    return { exists: await this.categories.exists(id) };
  }

  @Rpc(CATALOG_RPC.createCategory)
  create({ actor, category }: RpcPayload<typeof CATALOG_RPC.createCategory>) {
    return this.categories.create(actor, category);
  }

  @Rpc(CATALOG_RPC.deleteCategory)
  delete({ actor, categoryId }: RpcPayload<typeof CATALOG_RPC.deleteCategory>) {
    return this.categories.delete(actor, categoryId);
  }
}
