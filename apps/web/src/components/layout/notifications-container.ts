// Its own module so the bundler can put the notifications' host in a chunk of its own (see notifications-host.tsx).
export { Notifications } from '@mantine/notifications'
