export { userTradesRepository } from "./user-trades.repository";
export { userTradesRoutes } from "./user-trades.routes";
export { type UserTradesService, userTradesService } from "./user-trades.service";
export { type UserScope, userReadScope } from "./users.policy";
export { usersRepository } from "./users.repository";
export { usersRoutes } from "./users.routes";
export { type UsersService, usersService } from "./users.service";
