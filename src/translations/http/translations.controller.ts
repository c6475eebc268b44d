import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiOperation } from '@nestjs/swagger';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { AddLanguageCommand } from '../commands/add-language.handler';
import { RemoveLanguageCommand } from '../commands/remove-language.handler';
import { ReplaceFaqsCommand } from '../commands/replace-faqs.handler';
import { ReplaceTranslationsCommand } from '../commands/replace-translations.handler';
import { GetTranslationDefaultsQuery, GetTranslationsQuery, TranslationsView } from '../queries/get-translations.query';
import { addLanguageBody, faqsBody, locale, translationBody } from './translation-bodies';
import { ApiEnvelope, ApiErrors } from '../../shared/http/openapi/responses';
import { arrayOf, int, object, str } from '../../shared/http/openapi/schema';
import { FAQS, TRANSLATION_DEFAULTS, TRANSLATIONS, TRANSLATIONS_META } from './translations.openapi';

const OBJECT_BODY = { schema: { type: 'object', additionalProperties: true } };

/** A translations answer: the whole translation object, and the recent jobs in `meta`. */
const TranslationsAnswer = (status = 200) =>
  ApiEnvelope(TRANSLATIONS, { status, meta: TRANSLATIONS_META, description: status === 201 ? 'Created' : 'OK' });

@ManagementApi('rest_api/v2/translations', 'v2 translations')
export class TranslationsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get('defaults')
  @ApiOperation({ summary: 'System default text of every catalogue locale (no merchant overrides)' })
  @ApiEnvelope(TRANSLATION_DEFAULTS, { meta: object({ locales: arrayOf(str), keys: int }) })
  async defaults() {
    const defaults = await this.queries.execute(new GetTranslationDefaultsQuery());
    return ok(defaults, { meta: { locales: Object.keys(defaults), keys: Object.keys(defaults.en).length } });
  }

  @Get()
  @ApiOperation({ summary: 'Config and merged text (defaults + overrides) of every enabled language; meta.jobs' })
  @TranslationsAnswer()
  async get(@CurrentShop() shop: ShopDoc) {
    const { data, meta } = await this.translations(shop);
    return ok(data, { meta });
  }

  @Put()
  @ApiBody(OBJECT_BODY)
  @ApiOperation({
    summary:
      'Replace the translation object: only overrides are stored, omitted keys return to their default, unknown keys are ignored',
  })
  @TranslationsAnswer()
  @ApiErrors(400)
  async replace(@CurrentShop() shop: ShopDoc, @Body() body: unknown) {
    const appended = await this.commandBus.execute<ReplaceTranslationsCommand, number>(
      new ReplaceTranslationsCommand(shop.id, translationBody(body)),
    );
    const { data, meta } = await this.translations(shop);
    return ok(data, { meta, message: appended ? 'Translations updated' : 'No change' });
  }

  @Post('languages')
  @HttpCode(201)
  @ApiBody(OBJECT_BODY)
  @ApiOperation({ summary: 'Add a language (primaryLanguage: source, additionalLanguage: new); machine-translated' })
  @TranslationsAnswer(201)
  @ApiErrors(400)
  async addLanguage(@CurrentShop() shop: ShopDoc, @Body() body: unknown) {
    const { source, locale: added } = addLanguageBody(body);
    await this.commandBus.execute(new AddLanguageCommand(shop.id, source, added));
    const { data, meta } = await this.translations(shop);
    return ok(data, { meta, message: 'Language added' });
  }

  @Delete('languages/:locale')
  @ApiOperation({ summary: 'Remove an additional language and its text; republishes the storefront sync' })
  @TranslationsAnswer()
  @ApiErrors(400, 404)
  async removeLanguage(@CurrentShop() shop: ShopDoc, @Param('locale') code: string) {
    await this.commandBus.execute(new RemoveLanguageCommand(shop.id, locale(code, 'locale')));
    const { data, meta } = await this.translations(shop);
    return ok(data, { meta, message: 'Language removed' });
  }

  @Put('faqs')
  @ApiBody(OBJECT_BODY)
  @ApiOperation({ summary: 'Replace the FAQs: per-locale arrays of {title, content, orderBy}' })
  @ApiEnvelope(FAQS, { meta: TRANSLATIONS_META })
  @ApiErrors(400)
  async replaceFaqs(@CurrentShop() shop: ShopDoc, @Body() body: unknown) {
    const appended = await this.commandBus.execute<ReplaceFaqsCommand, number>(
      new ReplaceFaqsCommand(shop.id, faqsBody(body)),
    );
    const { data, meta } = await this.translations(shop);
    return ok({ faqs: data.faqs }, { meta, message: appended ? 'FAQs updated' : 'No change' });
  }

  private translations(shop: ShopDoc): Promise<TranslationsView> {
    return this.queries.execute(new GetTranslationsQuery(shop.id));
  }
}
