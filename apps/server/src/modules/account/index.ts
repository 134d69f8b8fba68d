export { type AccountRepository, accountRepository } from "./account.repository";
export { accountRoutes } from "./account.routes";
export { type AccountService, accountService, type ClientInfo } from "./account.service";
