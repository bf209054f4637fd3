import { useSession } from '../../lib/session-context';

/** What the firmware and resource package lists and detail pages have in common. */
export type PackageRow = {
  id: number;
  name: string;
  size: number;
  accountId: number | null;
  accountName: string | null;
  taskCount: number;
  createdAt: string;
};

/**
 * Whether a package may go (the delete permission aside): an account cannot delete the
 * platform's packages; nobody can delete one a task uses.
 */
export function usePackageDeletable(): (p: Pick<PackageRow, 'accountId' | 'taskCount'>) => boolean {
  const { side } = useSession();
  return (p) => p.taskCount === 0 && (side === 'op' || p.accountId !== null);
}
