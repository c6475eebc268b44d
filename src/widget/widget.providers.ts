import { Capability } from '../capability';
import { DemoStorefrontController } from './demo-storefront.controller';
import { WidgetController } from './widget.controller';

/** The storefront loyalty widget (built from `web/`) and the demo storefront that shows it. */
export const WIDGET_CAPABILITY: Capability = {
  providers: [],
  projections: [],
  controllers: [WidgetController, DemoStorefrontController],
};
