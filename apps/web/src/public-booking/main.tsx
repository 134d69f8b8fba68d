import "./booking.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BookingPage } from "./booking-page";

/**
 * The shopper's page (q.html, served for every address under /q/): plain React and its own style sheet, nothing of
 * the admin app (no Mantine, query cache, router or service worker), so a phone on a poor connection loads little.
 */
const root = document.getElementById("root");
if (!root) throw new Error("The page has no #root element.");
createRoot(root).render(
  <StrictMode>
    <BookingPage pathname={window.location.pathname} />
  </StrictMode>,
);
