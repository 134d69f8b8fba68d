import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers";
import { createRouter } from "./app/router";
import { setApiNavigator } from "./lib/api-client";
import { createQueryClient } from "./lib/query-client";

const queryClient = createQueryClient();
const router = createRouter();
// A lost session sends the user to sign in without reloading the page.
setApiNavigator((to) => void router.navigate(to, { replace: true }));

const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");

createRoot(root).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
