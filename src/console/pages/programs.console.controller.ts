import { Body, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ProgramsController } from '../../programs-api/http/programs.controller';
import { CreateProgramDto, UpdateProgramDto } from '../../programs-api/http/program.dto';
import { ok } from '../../shared/http/envelope';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';
import { ListProgramKindsQuery, ProgramKindForm } from './program-kinds.query';

/** The Programs page: lists, the kinds' forms, create, edit, enable and disable (status). */
@ConsoleApi('programs')
export class ProgramsConsoleController {
  constructor(
    private readonly handlers: ManagementHandlers,
    private readonly queries: QueryBus,
  ) {}

  private programs() {
    return this.handlers.of(ProgramsController);
  }

  @Get('kinds')
  async kinds() {
    const kinds: ProgramKindForm[] = await this.queries.execute(new ListProgramKindsQuery());
    return ok(kinds);
  }

  @Get('earning')
  earning(@CurrentShop() shop: ShopDoc) {
    return this.programs().earning(shop);
  }

  @Get('spending')
  spending(@CurrentShop() shop: ShopDoc) {
    return this.programs().redemption(shop);
  }

  @Post()
  @HttpCode(201)
  create(@CurrentShop() shop: ShopDoc, @Body() body: CreateProgramDto) {
    return this.programs().create(shop, body);
  }

  /** Edits, and enables (`status: true`) or disables (`status: false`). */
  @Put(':programId')
  update(@CurrentShop() shop: ShopDoc, @Param('programId') id: string, @Body() body: UpdateProgramDto) {
    return this.programs().update(shop, id, body);
  }
}
