// The toasts' renderer on its own, for `lazy()` in providers.tsx: importing the package's index dynamically would
// take all of it (and so its renderer) into the first screen's code along with the store it shares.
export { Notifications as default } from "@mantine/notifications";
