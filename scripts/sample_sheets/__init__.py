"""The sample spreadsheets of sample-sheets/, written from the data files in sample-sheets/data/
(scripts/make_sample_sheets.py is the command).

data: the CSV files read into rows and numbers; training_runs: the record of published runs, the utilizations their
hours imply and the prior fitted to them. cells and grid: cells, formulas and add-in calls; a sheet's rows,
columns and charts. llama_comparison, model_budgets, unit_cookbook, training_budget, quarter_plan, back_test:
the six layouts. odf_styles, odf_charts, odf_document: a sheet written as flat ODF, byte for byte. stored_values: the
formula cells' recorded results; refresh: recording them in a headless LibreOffice. workbook: every sheet as a file,
and the comparison with the committed ones.
"""
