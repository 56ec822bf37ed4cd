import { useState, type FormEvent } from 'react';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-dialog';
import { PlusIcon, TrashIcon } from '@/components/ui/icons';
import { ListState } from '@/components/ui/list-state';
import { toast } from '@/components/ui/toast';
import { useCreateCategory } from '@/features/categories/api/create-category';
import { useDeleteCategory } from '@/features/categories/api/delete-category';
import { useCategories, type Category } from '@/features/categories/api/get-categories';
import { getServerMessage, isUnauthorizedError } from '@/lib/api-client';
import '@/features/categories/categories.css';

/** Category name and icon limits (spec section 9). */
const CATEGORY_NAME_MAX = 50;
const CATEGORY_ICON_MAX = 50;

function failureToast(title: string, error: Error) {
  // The API client has already reported an ended session.
  if (isUnauthorizedError(error)) return;
  toast({ title, description: getServerMessage(error), variant: 'destructive' });
}

type CategoryManagementProps = {
  /** Videos of a deleted category become uncategorised; lists elsewhere may refresh. */
  onCategoryDeleted?: () => void;
};

/** Admin Panel, Categories tab: create a category and delete any (spec section 2). */
export function CategoryManagement({ onCategoryDeleted }: CategoryManagementProps) {
  const categories = useCategories();
  const create = useCreateCategory();
  const remove = useDeleteCategory();
  const [name, setName] = useState('');
  const [icon, setIcon] = useState('');
  const [deleting, setDeleting] = useState<Category | null>(null);

  // Spec section 5: disabled until both are filled in, and while the request is pending.
  const canCreate = name.trim() !== '' && icon.trim() !== '' && !create.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canCreate) return;
    create.mutate(
      { name: name.trim(), icon: icon.trim() },
      {
        onSuccess: () => {
          toast({ title: 'Category created successfully' });
          setName('');
          setIcon('');
        },
        onError: (error) => failureToast('Failed to create category', error),
      },
    );
  };

  const onConfirmDelete = () => {
    if (!deleting || remove.isPending) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast({ title: 'Category deleted successfully' });
        setDeleting(null);
        onCategoryDeleted?.();
      },
      onError: (error) => failureToast('Failed to delete category', error),
    });
  };

  return (
    <section className="admin-section" aria-labelledby="admin-categories-title">
      <h2 id="admin-categories-title" className="admin-section__title">
        Category Management
      </h2>

      <form className="card admin-category-form" onSubmit={onSubmit} aria-label="Create a category">
        <div className="field">
          <label htmlFor="admin-category-name" className="field__label">
            Category Name
          </label>
          <input
            id="admin-category-name"
            className="field__control"
            placeholder="Enter category name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={CATEGORY_NAME_MAX}
            autoComplete="off"
            data-testid="admin-category-name"
          />
        </div>
        <div className="field">
          <label htmlFor="admin-category-icon" className="field__label">
            Category Icon
          </label>
          <input
            id="admin-category-icon"
            className="field__control"
            placeholder="Enter emoji icon"
            value={icon}
            onChange={(event) => setIcon(event.target.value)}
            maxLength={CATEGORY_ICON_MAX}
            autoComplete="off"
            data-testid="admin-category-icon"
          />
        </div>
        <button type="submit" className="btn btn--primary" disabled={!canCreate} data-testid="admin-create-category">
          <PlusIcon size={16} />
          {create.isPending ? 'Creating...' : 'Create Category'}
        </button>
      </form>

      <ListState query={categories} loadingLabel="Loading categories" skeletonRows={3} emptyTitle="No categories yet">
        {(items) => (
          <ul className="admin-category-grid" data-testid="admin-category-list">
            {items.map((category) => (
              <li key={category.id} className="admin-category-card" data-testid="admin-category-card">
                <span className="admin-category-card__icon" aria-hidden="true">
                  {category.icon}
                </span>
                <span className="admin-category-card__name" data-testid="admin-category-card-name">
                  {category.name}
                </span>
                <button
                  type="button"
                  className="icon-button admin-category-card__delete"
                  onClick={() => setDeleting(category)}
                  aria-label={`Delete ${category.name}`}
                  data-testid="admin-delete-category"
                >
                  <TrashIcon size={16} />
                </button>
              </li>
            ))}
          </ul>
        )}
      </ListState>

      <ConfirmDeleteDialog
        open={deleting !== null}
        title="Delete Category"
        description={
          deleting
            ? `Are you sure you want to delete the ${deleting.name} category? This action cannot be undone.`
            : undefined
        }
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
