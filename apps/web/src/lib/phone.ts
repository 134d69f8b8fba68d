/** A stored phone (ten digits) as people read it: (201) 555-0142. Anything else is shown as it is. */
export const formatPhone = (p: string | null) =>
  p && /^\d{10}$/.test(p) ? `(${p.slice(0, 3)}) ${p.slice(3, 6)}-${p.slice(6)}` : (p ?? "");
