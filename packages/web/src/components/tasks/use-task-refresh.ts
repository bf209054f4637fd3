import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEventData } from '@herald/contract';
import { useLiveEvents } from '../../lib/live';

/**
 * A task page's reads follow its devices: an event about the task reads everything under
 * `[key, id]` again (the task, its counts, its rows), and so does the moment the task stops being
 * live, because the polls stop then and the final states must still show. Answers that re-read.
 */
export function useTaskRefresh(event: 'ota' | 'pushTask', key: string, id: number, live: boolean): () => void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [key, id] });
  useLiveEvents([event], refresh, (_type, e: LiveEventData<'ota' | 'pushTask'>) => e.taskId === id);
  const wasLive = useRef(false);
  useEffect(() => {
    if (wasLive.current && !live) void queryClient.invalidateQueries({ queryKey: [key, id] });
    wasLive.current = live;
  }, [live, key, id, queryClient]);
  return refresh;
}
