import { useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const logout = () => api<{ ok: true }>("account.logout");

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
