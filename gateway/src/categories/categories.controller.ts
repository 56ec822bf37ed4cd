import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, UseGuards } from '@nestjs/common';
import {
  categoryIdParamsSchema,
  createCategoryRequestSchema,
  type CategoryDto,
  type CategoryIdParams,
  type CreateCategoryRequest,
  type UserDto,
} from '@app/contracts';
import { AdminGuard } from '../auth/admin.guard.js';
import { CurrentUser } from '../auth/signed-in.guard.js';
import { CatalogClient } from '../clients/catalog.client.js';
import { ZodBodyPipe } from '../http/zod-body.pipe.js';
import { ZodParamsPipe } from '../http/zod-params.pipe.js';

// AdminGuard answers a member 403 "Admin access required" at once; the catalog service decides
// again with the admin of record (requireAdmin), as the gateway's word is only a claim.
@Controller('api/categories')
export class CategoriesController {
  constructor(private readonly catalog: CatalogClient) {}

  /** Public, by name. */
  @Get()
  list(): Promise<CategoryDto[]> {
    return this.catalog.listCategories();
  }

  /** Admins: `{name, icon}`, trimmed, 1..50 characters each; 201 with the category, 409 for a taken name. */
  @Post()
  @UseGuards(AdminGuard)
  create(
    @CurrentUser() user: UserDto,
    @Body(new ZodBodyPipe(createCategoryRequestSchema)) body: CreateCategoryRequest,
  ): Promise<CategoryDto> {
    return this.catalog.createCategory(user, body);
  }

  /** Admins: 204; the category's videos stay, uncategorised. 404 for an unknown id. */
  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @UseGuards(AdminGuard)
  async delete(
    @CurrentUser() user: UserDto,
    @Param(new ZodParamsPipe(categoryIdParamsSchema)) params: CategoryIdParams,
  ): Promise<void> {
    await this.catalog.deleteCategory(user, params.id);
  }
}
