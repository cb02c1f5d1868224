package org.jpgbench.experiment;

import org.jpgbench.db.ConnectionFactory;

/**
 * One side of an A/B experiment ({@link AbExperiment}, {@link AbInit}).
 *
 * @param label as the reports name it (--label-a, --label-b)
 * @param shown its connection string as reports show it (no password)
 * @param db where its runs connect
 */
public record AbSide(String label, String shown, ConnectionFactory db) {}
