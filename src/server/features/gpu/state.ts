/**
 * A rental's life as a state machine, pure so every rule is tested on its own:
 * requested → provisioning → running → stopping → stopped → (provisioning → running …) → terminated, and failed.
 * `terminated` and `failed` are final. The provider's view of the machine drives most moves (`observe`); the user
 * drives stop, start and terminate (`canUserDo`).
 */
import type { RentalStatus } from '~/contract/gpu.ts';
import type { MachineState } from '~/server/providers/gpu/index.ts';

const MOVES: Record<RentalStatus, readonly RentalStatus[]> = {
  requested: ['provisioning', 'running', 'failed', 'terminated'],
  provisioning: ['running', 'stopping', 'stopped', 'failed', 'terminated'],
  running: ['stopping', 'stopped', 'failed', 'terminated'],
  stopping: ['stopped', 'failed', 'terminated'],
  stopped: ['provisioning', 'running', 'failed', 'terminated'],
  terminated: [],
  failed: [],
};

export const isFinal = (status: RentalStatus): boolean => MOVES[status].length === 0;

export function canMove(from: RentalStatus, to: RentalStatus): boolean {
  return MOVES[from].includes(to);
}

export type UserAction = 'stop' | 'start' | 'terminate';

/** What the user may ask for in each state (stop and start only where the provider supports them). */
export function canUserDo(status: RentalStatus, action: UserAction, supportsStop: boolean): boolean {
  switch (action) {
    case 'stop':
      return supportsStop && status === 'running';
    case 'start':
      return supportsStop && status === 'stopped';
    case 'terminate':
      return !isFinal(status);
  }
}

/**
 * The status the rental moves to given what the provider reports (null: the provider no longer knows the machine),
 * or undefined when nothing changes. A machine that vanished ends the rental; a stop in progress is not undone by a
 * provider that still says running.
 */
export function observe(status: RentalStatus, machine: MachineState | null): RentalStatus | undefined {
  if (isFinal(status)) return undefined;
  const seen: RentalStatus = machine === null ? 'terminated' : machine;
  if (seen === status) return undefined;
  if (status === 'stopping' && (seen === 'running' || seen === 'provisioning')) return undefined;
  // A machine being started again reports stopped until the provider has picked the start up.
  if (status === 'provisioning' && seen === 'stopped') return undefined;
  return canMove(status, seen) ? seen : undefined;
}
