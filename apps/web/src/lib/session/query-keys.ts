// Query keys of the shell's shared resources (one factory per resource).
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};
