import { Body, Controller, Get, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { ZodValidationPipe } from '../../validation/zod-validation.pipe';
import { LoginDto, LoginRequest, LoginResultDto, loginSchema, StaffIdentityDto } from './auth.dto';
import { BackOfficeGuard, bearerOf, CurrentStaff, Requires } from './back-office.guard';
import { permissionsOf, StaffPrincipal } from './permissions';
import { StaffAuthService } from './staff-auth.service';

export const identityOf = (s: StaffPrincipal): StaffIdentityDto => ({
  id: s.staffId,
  username: s.username,
  role: s.role,
  operatorId: s.operatorId,
  permissions: permissionsOf(s),
});

@ApiTags('back office: staff sessions')
@Controller('back-office')
export class AuthController {
  constructor(private readonly auth: StaffAuthService) {}

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Logs a staff member in: a session token (12 h) and what their role may do' })
  @ApiBody({ type: LoginDto })
  @ApiOkResponse({ type: LoginResultDto })
  @ApiUnauthorizedResponse({ description: 'STAFF_LOGIN_FAILED' })
  @ApiTooManyRequestsResponse({ description: 'STAFF_LOGIN_THROTTLED (5 failures in a row lock 15 min)' })
  async login(@Body(new ZodValidationPipe(loginSchema)) body: LoginRequest): Promise<LoginResultDto> {
    const s = await this.auth.login(body.username, body.password);
    return { token: s.token, expiresAt: s.expiresAt.toISOString(), staff: identityOf(s.staff) };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiBearerAuth()
  @UseGuards(BackOfficeGuard)
  @Requires('tables.read')
  @ApiOperation({ summary: "Ends the caller's session (the token stops working at once)" })
  async logout(@Req() req: { headers: Record<string, string | string[] | undefined> }) {
    const token = bearerOf(req);
    if (token) await this.auth.logout(token);
    return { loggedOut: true };
  }

  @Get('me')
  @ApiBearerAuth()
  @UseGuards(BackOfficeGuard)
  @Requires('tables.read')
  @ApiOperation({ summary: 'Who the token is, and their permissions' })
  @ApiOkResponse({ type: StaffIdentityDto })
  me(@CurrentStaff() staff: StaffPrincipal): StaffIdentityDto {
    return identityOf(staff);
  }
}
