import { toast } from '@/components/ui/toast';
import { getServerMessage, handleUnauthorized, isUnauthorizedError } from '@/lib/api-client';

/** A failed change to one's own account: 401s get the 'Unauthorized' title (spec section 8). */
export function reportFailure(error: unknown, title: string, fallback?: string): void {
  if (isUnauthorizedError(error)) {
    handleUnauthorized('Unauthorized');
    return;
  }
  toast({ title, description: getServerMessage(error) ?? fallback, variant: 'destructive' });
}
