export { usersPlugin } from './users.plugin';
export { createUsersRepository } from './users.repository';
export { createUsersService, type UsersService } from './users.service';
