import { createContext, useContext } from 'react';

export type UploadDialogContextValue = {
  open: () => void;
};

export const UploadDialogContext = createContext<UploadDialogContextValue | null>(null);

/** Opens the Upload Video dialog from anywhere under the UploadDialogProvider. */
export function useUploadDialog(): UploadDialogContextValue {
  const value = useContext(UploadDialogContext);
  if (!value) throw new Error('useUploadDialog must be used inside <UploadDialogProvider>.');
  return value;
}
