import { useMemo, useState, type ReactNode } from 'react';
import { UploadDialogContext } from '@/app/layout/use-upload-dialog';
import { useCategories } from '@/features/categories/api/get-categories';
import { UploadVideoDialog } from '@/features/videos/components/upload-video-dialog';

/** The dialog with the categories to choose from; mounted only while open, so they load on first use. */
function UploadDialogHost({ onClose }: { onClose: () => void }) {
  const categories = useCategories();
  return <UploadVideoDialog open onClose={onClose} categories={categories.data} categoriesError={categories.isError} />;
}

/**
 * Hosts the one Upload Video dialog that every Upload Video button opens. It sits above the routes,
 * so an upload in progress survives whatever the page behind it does.
 */
export function UploadDialogProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open: () => setOpen(true) }), []);

  return (
    <UploadDialogContext value={value}>
      {children}
      {open && <UploadDialogHost onClose={() => setOpen(false)} />}
    </UploadDialogContext>
  );
}
