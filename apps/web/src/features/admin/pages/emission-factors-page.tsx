import { Page } from '../../../components/layout/page.tsx';
import { FactorVersions } from '../../../domain/emissions/factor-versions.tsx';

/** `/admin/emission-factors` (issue 37): the platform's default factor versions; a new one starts today or later. */
export function EmissionFactorsPage() {
  return (
    <Page title="Emission factors">
      <FactorVersions
        canAdd
        heading={false}
        intro="The defaults every shipper's loads use unless the shipper has its own version. A new version starts today or later; figures already given keep theirs (docs/emissions.md)."
      />
    </Page>
  );
}
