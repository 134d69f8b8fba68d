import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { setApiNavigator } from "./lib/api-client";
import { startOffline } from "./lib/offline/start";
import { createQueryClient } from "./lib/query-client";

const queryClient = createQueryClient();
const router = createRouter(queryClient);
// A lost session sends the user to sign in without reloading the page.
setApiNavigator((to) => void router.navigate(to, { replace: true }));
// Captures kept on the phone are sent when the signal returns; the service worker keeps the app (decision 0030).
startOffline(queryClient);

// The build puts the style sheet at the end of <body> so that the app shell paints before it arrives
// (apps/web/shell-first.ts). Back at the top of <head> it precedes, as before, the styles Mantine and the lazy
// screens add, which must win over it. It has loaded by now (this script waits for it), so moving it fetches nothing.
for (const sheet of document.querySelectorAll<HTMLLinkElement>('body > link[rel="stylesheet"]')) {
  document.head.prepend(sheet);
}

// The app shell of index.html stays until the first screen's code has loaded and it can be drawn.
const removeBoot = () => document.getElementById("boot")?.remove();
if (router.state.initialized) removeBoot();
else {
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    removeBoot();
  });
}

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
