import { useCategories, type Category } from '@/features/categories/api/get-categories';
import '@/features/categories/categories.css';

const SKELETON_TILE_COUNT = 6;

type CategoryGridProps = {
  /** null means the All tile is selected. */
  selectedCategoryId: number | null;
  onSelect: (category: Category | null) => void;
};

type TileProps = {
  icon: string;
  name: string;
  selected: boolean;
  onClick: () => void;
};

function CategoryTile({ icon, name, selected, onClick }: TileProps) {
  return (
    <li>
      <button
        type="button"
        className={selected ? 'category-tile category-tile--selected' : 'category-tile'}
        aria-pressed={selected}
        data-testid="category-tile"
        onClick={onClick}
      >
        <span className="category-tile__icon" aria-hidden="true">
          {icon}
        </span>
        <span className="category-tile__name">{name}</span>
      </button>
    </li>
  );
}

export function CategoryGrid({ selectedCategoryId, onSelect }: CategoryGridProps) {
  const categories = useCategories();

  if (categories.isPending) {
    return (
      <div className="category-grid" role="status" aria-label="Loading categories">
        {Array.from({ length: SKELETON_TILE_COUNT }, (_, index) => (
          <div key={index} className="category-tile category-tile--skeleton" aria-hidden="true">
            <span className="skeleton skeleton--circle" />
            <span className="skeleton skeleton--line" />
          </div>
        ))}
      </div>
    );
  }

  if (categories.isError) {
    return (
      <p className="category-grid__error" role="alert">
        Failed to load categories
      </p>
    );
  }

  return (
    <ul className="category-grid" aria-label="Categories">
      <CategoryTile icon="🌟" name="All" selected={selectedCategoryId === null} onClick={() => onSelect(null)} />
      {categories.data.map((category) => (
        <CategoryTile
          key={category.id}
          icon={category.icon}
          name={category.name}
          selected={category.id === selectedCategoryId}
          onClick={() => onSelect(category)}
        />
      ))}
    </ul>
  );
}
