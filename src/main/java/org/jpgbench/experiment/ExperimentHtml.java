package org.jpgbench.experiment;

import org.jpgbench.report.html.UplotPage;

/** Writes an experiment's page; an error names the file. */
final class ExperimentHtml {
  /** A page that compare or ab built. */
  static final ExperimentFormat<UplotPage> PAGE = UplotPage::html;

  private ExperimentHtml() {}

  static void write(UplotPage page, String path) throws ExperimentException {
    PAGE.writeTo(page, path, null);
  }
}
