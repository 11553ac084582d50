"""Acceptance cases, tuning half: the half of the second case set the policy may be tuned on.

Run: ``python -m benchmarks.acceptance --cases benchmarks.cases_tune``. Tune on these only; ``cases_holdout``
measures whether a change generalises and is not read to design one.

Split (the method in ``cases_kit``): all 117 cases of the second set were written first, then dealt to the two
halves by ``cases_kit.assign(cases, seed=SPLIT_SEED)`` with ``SPLIT_SEED = 3636``, a seeded random assignment
stratified by kind and class, before any case ran through the benchmark; no case moved afterwards (a test checks
each half against ``assign``). This half: 38 legitimate and 21 invented or misread cases.
"""
from __future__ import annotations

import pandas as pd

from benchmarks.acceptance_cases import Registry, Script, compute, differs, repl
from benchmarks.cases_kit import (
    ACCESS_LOOK,
    CHATS_LOOK,
    GIT_LOOK,
    HANDBOOK,
    HANDBOOK_LOOK,
    INVENTED_CLASSES,
    INVENTORY_LOOK,
    LEDGER_LOOK,
    LEGIT_CLASSES,
    METRICS_LOOK,
    PARSE_ACCESS,
    PARSE_GIT,
    SENSORS_LOOK,
    SHOP_JOIN,
    SHOP_LOOK,
    STAFF_LOOK,
    SURVEY_LOOK,
    YEARLY,
    access_log,
    chats,
    eur,
    git_log,
    inventory,
    ledger,
    metrics,
    misround,
    sensors,
    shop,
    staff,
    sub_model,
    sub_says,
    survey,
    swap_digits,
    with_access,
    with_git,
)

REGISTRY = Registry(LEGIT_CLASSES, INVENTED_CLASSES)
CASES = REGISTRY.cases
case = REGISTRY.case


# =================================================================================================================
# Legitimate answers
# =================================================================================================================
# -- describe() statistic -------------------------------------------------------------------------------------------
@case("web1_p90_latency", "describe() statistic", "legit",
      "What is the 90th percentile of web-1's p95 latency over the three hours?")
def _web1_p90() -> Script:
    ctx = {"metrics": metrics()}
    code = "web1 = metrics[metrics.host == 'web-1']\nprint(web1.p95_ms.describe(percentiles=[.5, .9, .99]))"
    d = ctx["metrics"].query("host == 'web-1'").p95_ms.describe(percentiles=[.5, .9, .99])
    final = f"FINAL(On web-1, the 90th percentile of p95 latency is {d['90%']:.1f} ms (median {d['50%']:.1f} ms).)"
    return Script(ctx, [METRICS_LOOK, repl(code), final], [repl("print(round(web1.p95_ms.quantile(.9), 1))"), final])


# -- bullet list of figures -----------------------------------------------------------------------------------------
@case("status_class_bullets", "bullet list of figures", "legit",
      "Break the responses down by status class (2xx, 3xx, 4xx, 5xx).")
def _status_bullets() -> Script:
    code = "by_class = (log.status // 100).value_counts().sort_index()\nprint(by_class)\nprint(len(log))"
    ctx, ns = with_access(code)
    c, n = ns["by_class"], len(ns["log"])
    final = "FINAL(Responses by status class:\n" + "\n".join(
        f"- {k}xx: {v:,} ({v / n:.1%})" for k, v in c.items()) + ")"
    fix = repl("print((by_class / len(log) * 100).round(1))")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [fix, final])


# -- markdown table in text -----------------------------------------------------------------------------------------
@case("agent_csat_table", "markdown table in text", "legit",
      "Compare the agents by number of chats and average CSAT.")
def _agent_table() -> Script:
    ctx = {"chats": chats()}
    code = ("by_agent = chats.groupby('agent').agg(chats=('chat_id', 'count'), csat=('csat', 'mean')).round(2)\n"
            "print(by_agent)")
    t = compute(ctx, code)["by_agent"]
    rows = "\n".join(f"| {r.Index} | {r.chats} | {r.csat:.2f} |" for r in t.itertuples())
    final = f"FINAL(| Agent | Chats | Avg CSAT |\n|---|---:|---:|\n{rows}\n\nCSAT averages only the rated chats.)"
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(by_agent.to_string())"), final])


@case("warehouse_value_table", "markdown table in text", "legit", "What is the stock value held in each warehouse?")
def _warehouse_table() -> Script:
    ctx = {"inventory": inventory()}
    code = ("inventory['value'] = inventory.on_hand * inventory.unit_cost_eur\n"
            "per_wh = inventory.groupby('warehouse').agg(lines=('sku', 'count'), value=('value', 'sum')).round(2)\n"
            "print(per_wh)\nprint(per_wh.value.sum())")
    t = compute(ctx, code)["per_wh"]
    rows = "\n".join(f"| {r.Index} | {r.lines} | {r.value:,.2f} |" for r in t.itertuples())
    final = (f"FINAL(Stock value per warehouse (on hand × unit cost):\n\n| Warehouse | Stock lines | Value (EUR) |\n"
             f"|---|---|---|\n{rows}\n| **Total** | {t.lines.sum()} | {t.value.sum():,.2f} |)")
    return Script(ctx, [INVENTORY_LOOK, repl(code), final], [repl("print(per_wh.to_string())"), final])


# -- value with a unit ----------------------------------------------------------------------------------------------
@case("api_items_response_ms", "value with a unit", "legit",
      "What is the average response time of the /api/items endpoints?")
def _api_items_ms() -> Script:
    code = ("items = log[log.path.str.startswith('/api/items')]\nmean_us = items.us.mean()\n"
            "print(len(items), round(mean_us), round(mean_us / 1000, 1))")
    ctx, ns = with_access(code)
    ms = round(ns["mean_us"] / 1000, 1)
    final = f"FINAL(≈{ms} ms on average across {len(ns['items'])} requests to /api/items and /api/items/<id>.)"
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [repl("print(f'{mean_us / 1000:.1f} ms')"), final])


@case("freezer_coldest_reading", "value with a unit", "legit", "What was the coldest reading of the freezer?")
def _freezer_coldest() -> Script:
    ctx = {"sensors": sensors()}
    code = "fz = sensors[sensors.sensor == 'freezer']\ncoldest = fz.loc[fz.temp_c.idxmin()]\nprint(coldest)"
    c = compute(ctx, code)["coldest"]
    final = f"FINAL({c.temp_c:.1f}\u00a0°C, recorded on {c.ts:%-d %B %Y} at {c.ts:%H:%M}.)"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("print(coldest.temp_c, coldest.ts)"), final])


# -- range from min to max ------------------------------------------------------------------------------------------
@case("greenhouse_humidity_range", "range from min to max", "legit",
      "Within what range did the greenhouse's humidity vary?")
def _humidity_range() -> Script:
    ctx = {"sensors": sensors()}
    code = "gh = sensors[sensors.sensor == 'greenhouse']\nprint(gh.humidity_pct.agg(['min', 'max', 'mean']))"
    h = ctx["sensors"].query("sensor == 'greenhouse'").humidity_pct
    final = f"FINAL(Greenhouse humidity ranged from {h.min():.1f}% to {h.max():.1f}% relative humidity.)"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("print(gh.humidity_pct.min(), gh.humidity_pct.max())"), final])


# -- two groups compared --------------------------------------------------------------------------------------------
@case("whatsapp_vs_web_wait", "two groups compared", "legit",
      "How does the average wait on WhatsApp compare with the web chat?")
def _whatsapp_vs_web() -> Script:
    ctx = {"chats": chats()}
    code = "waits = chats.groupby('channel').wait_s.mean().round(1)\nprint(waits)"
    w = compute(ctx, code)["waits"]
    final = (f"FINAL(WhatsApp users wait about {w['whatsapp'] / w['web']:.1f} times as long: {w['whatsapp']} s on "
             f"average versus {w['web']} s on the web chat.)")
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(round(waits['whatsapp'] / waits['web'], 1))"), final])


@case("weekday_vs_weekend_traffic", "two groups compared", "legit",
      "Is the site busier on weekdays or at the weekend, per day?")
def _weekday_weekend() -> Script:
    code = ("per_day = log.groupby(log.ts.dt.date).size()\nweekend = pd.to_datetime(per_day.index).day_of_week >= 5\n"
            "print(per_day)\nprint('weekday mean', per_day[~weekend].mean(), 'weekend mean', per_day[weekend].mean())")
    ctx, ns = with_access(code)
    p, we = ns["per_day"], ns["weekend"]
    wd_mean, we_mean = p[~we].mean(), p[we].mean()
    if abs(wd_mean / we_mean - 1) < 0.05:
        final = (f"FINAL(Neither, really: an average weekday sees {wd_mean:.1f} requests and a weekend day "
                 f"{we_mean:.1f}, a difference of under 5%.)")
    else:
        busier = "weekdays" if wd_mean > we_mean else "the weekend"
        final = (f"FINAL(Per day it is busier on {busier}: {wd_mean:.1f} requests on an average weekday against "
                 f"{we_mean:.1f} on a weekend day.)")
    fix = repl("print(round(per_day[~weekend].mean(), 1), round(per_day[weekend].mean(), 1))")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [fix, final])


# -- X out of Y -----------------------------------------------------------------------------------------------------
@case("resolved_out_of_all", "X out of Y", "legit", "How many chats were resolved?")
def _resolved_out_of() -> Script:
    ctx = {"chats": chats()}
    code = "print(chats.resolved.value_counts())\nprint(len(chats))"
    k = int(ctx["chats"].resolved.sum())
    final = f"FINAL({k} out of {len(ctx['chats'])} chats were resolved.)"
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(chats.resolved.sum(), 'of', len(chats))"), final])


@case("below_reorder_point", "X out of Y", "legit", "How many stock lines are below their reorder point?")
def _below_reorder() -> Script:
    ctx = {"inventory": inventory()}
    code = "low = inventory[inventory.on_hand < inventory.reorder_point]\nprint(len(low), len(inventory))"
    k = len(compute(ctx, code)["low"])
    final = f"FINAL({k} of the {len(ctx['inventory'])} stock lines are below their reorder point and need restocking.)"
    return Script(ctx, [INVENTORY_LOOK, repl(code), final], [repl("print(len(low))"), final])


# -- period-over-period change --------------------------------------------------------------------------------------
@case("retail_profit_change", "period-over-period change", "legit",
      "By how much did Retail's profit change between 2022 and 2023?")
def _retail_profit_change() -> Script:
    ctx = {"ledger": ledger()}
    y = compute(ctx, YEARLY)["yearly"]["profit_eur"].loc["Retail"]
    delta = y["2023"] - y["2022"]
    word = "rose" if delta > 0 else "fell"
    final = f"FINAL(Retail's profit {word} by {eur(abs(delta))}: from {eur(y['2022'])} (2022) to {eur(y['2023'])} (2023).)"
    fix = repl("p = yearly['profit_eur'].loc['Retail']\nprint(p['2023'] - p['2022'])")
    return Script(ctx, [LEDGER_LOOK, repl(YEARLY), final], [fix, final])


# -- top-N list by code ---------------------------------------------------------------------------------------------
@case("top3_client_ips", "top-N list by code", "legit", "Which three IP addresses made the most requests?")
def _top3_ips() -> Script:
    code = "top3 = log.ip.value_counts().nlargest(3)\nprint(top3)"
    ctx, ns = with_access(code)
    t = ns["top3"]
    final = "FINAL(The three busiest clients:\n" + "\n".join(
        f"{i}. {ip} with {k} requests" for i, (ip, k) in enumerate(t.items(), 1)) + ")"
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [repl("print(top3.index.tolist())"), final])


# -- significant figures --------------------------------------------------------------------------------------------
@case("bytes_sent_megabytes", "significant figures", "legit", "How much data did the server send in total?")
def _bytes_mb() -> Script:
    code = "total_bytes = int(log.bytes.sum())\nprint(total_bytes)"
    ctx, ns = with_access(code)
    b = ns["total_bytes"]
    final = f"FINAL(About {b / 1e6:.1f} MB ({b:,} bytes) over the week.)"
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), final], [repl("print(round(total_bytes / 1e6, 1), 'MB')"), final])


@case("mean_csat_two_decimals", "significant figures", "legit", "What is the average CSAT score?")
def _mean_csat() -> Script:
    ctx = {"chats": chats()}
    code = "rated = chats.csat.dropna()\nprint(len(rated), rated.mean())"
    r = compute(ctx, code)["rated"]
    final = f"FINAL(The average CSAT is ≈{r.mean():.2f} out of 5, over the {len(r)} chats that were rated.)"
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(round(rated.mean(), 2))"), final])


# -- negative figure ------------------------------------------------------------------------------------------------
@case("freezer_average_below_zero", "negative figure", "legit", "What is the freezer's average temperature?")
def _freezer_mean() -> Script:
    ctx = {"sensors": sensors()}
    code = "print(sensors.groupby('sensor').temp_c.mean())"
    m = ctx["sensors"].groupby("sensor").temp_c.mean()["freezer"]
    assert m < 0
    final = f"FINAL(The freezer averaged {abs(m):.1f} degrees below zero (Celsius) over the two weeks.)"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("print(round(sensors[sensors.sensor == 'freezer'].temp_c.mean(), 1))"), final])


# -- quoted log line or ID ------------------------------------------------------------------------------------------
@case("pagination_fix_commit", "quoted log line or ID", "legit",
      "Which commit first fixed the pagination bug? Give its hash.")
def _pagination_commit() -> Script:
    code = ("fixes = commits[commits.subject.str.contains('pagination')].sort_values('when')\n"
            "print(len(fixes))\nprint(fixes.iloc[0])")
    ctx, ns = with_git(code)
    first = ns["fixes"].iloc[0]
    final = (f"FINAL(Commit {first.hash[:7]} (full hash {first.hash}), by {first.author} on {first.when:%Y-%m-%d}: "
             f"\"{first.subject}\".)")
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), final], [repl("print(fixes.iloc[0].hash[:7], fixes.iloc[0].when.date())"), final])


@case("longest_chat_id", "quoted log line or ID", "legit", "Which chat took the longest?")
def _longest_chat() -> Script:
    ctx = {"chats": chats()}
    code = "longest = chats.loc[chats.duration_s.idxmax()]\nprint(longest)"
    r = compute(ctx, code)["longest"]
    final = f"FINAL(Chat {r.chat_id}: {r.duration_s:,} seconds, about {r.duration_s / 60:.0f} minutes, handled by {r.agent}.)"
    return Script(ctx, [CHATS_LOOK, repl(code), final], [repl("print(longest.chat_id, longest.duration_s, round(longest.duration_s / 60))"), final])


# -- count off value_counts -----------------------------------------------------------------------------------------
@case("support_headcount_fr", "count off value_counts", "legit", "Combien de personnes travaillent au Support ?")
def _support_headcount() -> Script:
    ctx = {"staff": staff()}
    code = "print(staff.department.value_counts())"
    k = int(ctx["staff"].department.value_counts()["Support"])
    final = f"FINAL(Le Support compte {k} personnes.)"
    return Script(ctx, [STAFF_LOOK, repl(code), final], [repl("print((staff.department == 'Support').sum())"), final])


# -- date from a log timestamp --------------------------------------------------------------------------------------
@case("first_server_error_time", "date from a log timestamp", "legit", "When did the first server error (5xx) happen?")
def _first_5xx() -> Script:
    ctx = {"access_log": access_log()}
    code = "import re\nfirst5 = next(l for l in lines if re.search(r'\" 5\\d\\d ', l))\nprint(first5)"
    first = compute({**ctx, "lines": access_log().splitlines()}, code)["first5"]
    stamp = pd.to_datetime(first.split("[")[1].split("]")[0], format="%d/%b/%Y:%H:%M:%S %z")
    final = f"FINAL(The first 5xx response was on {stamp.day} {stamp:%B %Y} at {stamp:%H:%M:%S} UTC.)"
    return Script(ctx, [ACCESS_LOOK, repl(code), final], [repl("import pandas as pd\nwhen = pd.to_datetime(first5.split('[')[1].split(']')[0], format='%d/%b/%Y:%H:%M:%S %z')\n"
                                                     "print(when.strftime('%-d %B %Y %H:%M:%S'))"), final])


@case("last_commit_when", "date from a log timestamp", "legit", "When was the last commit made?")
def _last_commit() -> Script:
    ctx = {"git_log": git_log()}
    code = "dates = [l[8:] for l in git_log.splitlines() if l.startswith('Date:')]\nprint(len(dates))\nprint(dates[:3])"
    top = next(line[8:] for line in ctx["git_log"].splitlines() if line.startswith("Date:"))
    stamp = pd.to_datetime(top, format="%a %b %d %H:%M:%S %Y %z")
    assert stamp.utcoffset() == pd.Timedelta(0)
    final = f"FINAL(The last commit was made on {stamp:%A}, {stamp:%B} {stamp.day}, {stamp.year}, at {stamp:%H:%M} UTC.)"
    return Script(ctx, [GIT_LOOK, repl(code), final], [repl("import pandas as pd\nlast = pd.to_datetime(dates[0], format='%a %b %d %H:%M:%S %Y %z')\n"
                                                   "print(last.strftime('%A, %B %-d, %Y, %H:%M'))"), final])


# -- week, weekday or time of day -----------------------------------------------------------------------------------
@case("commit_weekday", "week, weekday or time of day", "legit", "On which weekday are most commits made?")
def _commit_weekday() -> Script:
    code = "weekdays = commits.when.dt.day_name().value_counts()\nprint(weekdays)"
    ctx, ns = with_git(code)
    w = ns["weekdays"]
    final = f"FINAL({w.index[0]}: {w.iloc[0]} of the {w.sum()} commits were made on a {w.index[0]}.)"
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), final], [repl("print(weekdays.idxmax())"), final])


# -- locale number abbreviation -------------------------------------------------------------------------------------
@case("wholesale_costs_mil_es", "locale number abbreviation", "legit", "¿Cuánto costó Wholesale en diciembre de 2024?")
def _costs_mil() -> Script:
    ctx = {"ledger": ledger()}
    code = "dic = ledger[(ledger.unit == 'Wholesale') & (ledger.month == '2024-12')]\nprint(dic)"
    v = int(compute(ctx, code)["dic"].costs_eur.iloc[0])
    final = f"FINAL(Unos {round(v / 1000)} mil euros de costes en diciembre de 2024.)"
    return Script(ctx, [LEDGER_LOOK, repl(code), final], [repl("print(round(dic.costs_eur.iloc[0] / 1000), 'mil')"), final])


# -- joined tables --------------------------------------------------------------------------------------------------
@case("country_top_spend", "joined tables", "legit", "Customers from which country spent the most?")
def _country_spend() -> Script:
    ctx = {"shop": shop()}
    code = SHOP_JOIN + ("\nper_country = lines.groupby('country').revenue.sum().sort_values(ascending=False)\n"
                        "print(per_country)\nprint(per_country.idxmax())")
    pc = compute(ctx, code)["per_country"]
    final = f"FINAL(Customers in {pc.idxmax()} spent the most: €{pc.max():,.2f} in total.)"
    return Script(ctx, [SHOP_LOOK, repl(code), final], [repl("print(per_country.nlargest(1))"), final])


@case("seating_from_portugal", "joined tables", "legit", "How much did customers from Portugal spend on seating?")
def _seating_portugal() -> Script:
    ctx = {"shop": shop()}
    code = SHOP_JOIN + ("\npt_seating = lines[(lines.country == 'Portugal') & (lines.category == 'seating')]\n"
                        "print(pt_seating[['order_id', 'name', 'qty', 'revenue']])\nprint(pt_seating.revenue.sum())")
    v = compute(ctx, code)["pt_seating"].revenue.sum()
    final = f"FINAL(Customers in Portugal spent €{v:,.2f} on seating products (chairs and footrests).)"
    return Script(ctx, [SHOP_LOOK, repl(code), final], [repl("print(round(pt_seating.revenue.sum(), 2))"), final])


# -- qualitative over a full small table ----------------------------------------------------------------------------
@case("cpu_by_host_qualitative", "qualitative over a full small table", "legit", "How does CPU load differ between the hosts?")
def _cpu_by_host() -> Script:
    ctx = {"metrics": metrics()}
    code = "cpu = metrics.groupby('host').cpu_pct.agg(['mean', 'max']).round(1)\nprint(cpu)"
    c = compute(ctx, code)["cpu"]["mean"]
    hot = c.idxmax()
    rest = c.drop(hot)
    final = (f"FINAL({hot} runs clearly hotter than the others, at about {c[hot]:.0f}% CPU on average; "
             f"{' and '.join(rest.index)} sit around {rest.min():.0f}–{rest.max():.0f}% and are close to each other.)")
    return Script(ctx, [METRICS_LOOK, repl(code), final], [repl("print(cpu['mean'].round())"), final])


@case("satisfaction_by_age_band", "qualitative over a full small table", "legit", "Does satisfaction vary by age group?")
def _satisfaction_age() -> Script:
    ctx = {"survey": survey()}
    code = "by_age = survey.groupby('age_band').satisfaction.mean().round(2)\nprint(by_age)"
    a = compute(ctx, code)["by_age"]
    how = "Only a little" if a.max() - a.min() < 0.5 else "Yes"
    final = (f"FINAL({how}: the age bands average between {a.min():.2f} and {a.max():.2f} out of 5. The {a.idxmax()} "
             f"group is the most satisfied and the {a.idxmin()} group the least.)")
    return Script(ctx, [SURVEY_LOOK, repl(code), final], [repl("print(by_age.idxmax(), by_age.idxmin())"), final])


# -- FINAL_VAR of a dict or frame -----------------------------------------------------------------------------------
@case("profit_pivot_frame", "FINAL_VAR of a dict or frame", "legit", "Give me profit per unit and year as a table.")
def _profit_pivot() -> Script:
    ctx = {"ledger": ledger()}
    code = ("profit_table = ledger.assign(year=ledger.month.str[:4]).pivot_table(index='unit', columns='year', "
            "values='profit_eur', aggfunc='sum')\nprint(profit_table)")
    return Script(ctx, [LEDGER_LOOK, repl(code), 'FINAL_VAR("profit_table")'],
                  [repl("print(profit_table.shape)"), 'FINAL_VAR("profit_table")'])


# -- DSPy SUBMIT fields ---------------------------------------------------------------------------------------------
@case("submit_best_agent", "DSPy SUBMIT fields", "legit", "Which agent has the highest average CSAT, and what is it?")
def _submit_agent() -> Script:
    ctx = {"chats": chats()}
    code = "by_agent = chats.groupby('agent').csat.mean().round(2)\nprint(by_agent)"
    submit = repl("best = by_agent.idxmax()\nprint(best, by_agent[best])\nSUBMIT(agent=best, avg_csat=float(by_agent[best]))")
    return Script(ctx, [CHATS_LOOK, repl(code), submit], [repl("print(by_agent.nlargest(1))"), submit])


@case("submit_typed_top_ip", "DSPy SUBMIT fields", "legit", "Which IP address sent the most requests, and how many?")
def _submit_typed_ip() -> Script:
    code = "per_ip = log.ip.value_counts()\nprint(per_ip.head())"
    ctx, ns = with_access(code)
    ip, k = ns["per_ip"].index[0], int(ns["per_ip"].iloc[0])
    submit = repl(f"SUBMIT(ip={ip!r}, requests={k})", "The top row of the sorted counts is the answer.")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), submit], [repl("print(per_ip.idxmax(), per_ip.max())"), submit])


# -- answer-dict dialect --------------------------------------------------------------------------------------------
@case("answer_dict_5xx_share", "answer-dict dialect", "legit", "What share of requests ended in a server error?")
def _answer_5xx() -> Script:
    ctx, _ = with_access("")
    code = ("n5 = int((log.status >= 500).sum())\nprint(n5, len(log), n5 / len(log))\n"
            "answer['content'] = f'{n5} of {len(log)} requests ({n5 / len(log):.1%}) ended in a 5xx server error.'\n"
            "answer['ready'] = True")
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code)], [repl("print(f'{n5 / len(log):.1%}')"), repl(code)])


# -- sub-call summary -----------------------------------------------------------------------------------------------
@case("handbook_car_rule_subcall", "sub-call summary", "legit", "What does the handbook say about using my own car?")
def _car_rule() -> Script:
    ctx = {"handbook": HANDBOOK}
    code = ("rule = llm_query(\"Quote the handbook's rule on private cars, word for word.\\n\\n\" + handbook)\n"
            "print(rule)")
    final = ("FINAL(Driving your own car is reimbursed at 0.30 EUR per km, capped at 400 km per trip; parking and "
             "tolls are paid back on receipt.)")
    return Script(ctx, [HANDBOOK_LOOK, repl(code), final], [repl("print(rule)"), final], sub_model())


# -- markdown document fact -----------------------------------------------------------------------------------------
@case("lisbon_hotel_cap", "markdown document fact", "legit", "What is the hotel cap in Lisbon?")
def _lisbon_cap() -> Script:
    ctx = {"handbook": HANDBOOK}
    code = "print([l for l in handbook.splitlines() if 'Lisbon' in l or 'Hotel cap' in l])"
    final = "FINAL(In Lisbon hotels are reimbursed up to 140 EUR per night (and the per-diem is 48 EUR).)"
    return Script(ctx, [HANDBOOK_LOOK, repl(code), final], [repl("print(handbook.split('| Lisbon |')[1].split('\\n')[0])"), final])


@case("mileage_for_180_km", "markdown document fact", "legit", "How much do I get back for driving my own car 180 km?")
def _mileage() -> Script:
    ctx = {"handbook": HANDBOOK}
    code = "print(handbook.split('## 3. Private car')[1].split('## 4.')[0])"
    final = "FINAL(54 EUR: 180 km × 0.30 EUR/km, well under the 400 km cap per trip.)"
    return Script(ctx, [HANDBOOK_LOOK, repl(code), final], [repl("print(180 * 0.30)"), final])


# -- yes/no with evidence -------------------------------------------------------------------------------------------
@case("server_room_above_30", "yes/no with evidence", "legit", "Did the server room ever go above 30 °C?")
def _server_room_30() -> Script:
    ctx = {"sensors": sensors()}
    code = ("sr = sensors[sensors.sensor == 'server_room']\nprint(sr.temp_c.max())\n"
            "print(sr[sr.temp_c > 30][['ts', 'temp_c']])")
    sr = compute(ctx, code)["sr"]
    hot = sr[sr.temp_c > 30]
    if len(hot) == 1:
        final = f"FINAL(Yes, once: at {hot.iloc[0].ts:%H:%M} on {hot.iloc[0].ts.day} February it read {hot.iloc[0].temp_c} °C.)"
    elif len(hot):
        first = hot.iloc[0]
        final = (f"FINAL(Yes. It was above 30 °C in {len(hot)} hourly readings, the first at {first.ts:%H:%M} on "
                 f"{first.ts.day} February, peaking at {sr.temp_c.max()} °C.)")
    else:
        final = f"FINAL(No: the highest reading was {sr.temp_c.max()} °C.)"
    return Script(ctx, [SENSORS_LOOK, repl(code), final], [repl("hot = sr[sr.temp_c > 30]\nprint(len(hot), hot.ts.iloc[0].strftime('%H:%M on %-d %B'), "
                                                     "hot.temp_c.iloc[0], sr.temp_c.max())"), final])


@case("any_out_of_stock", "yes/no with evidence", "legit", "Is any stock line completely out of stock?")
def _out_of_stock() -> Script:
    ctx = {"inventory": inventory()}
    code = "empty = inventory[inventory.on_hand == 0]\nprint(len(empty))\nprint(inventory.on_hand.min())\nprint(empty)"
    e = compute(ctx, code)["empty"]
    if len(e):
        final = "FINAL(Yes: " + ", ".join(f"{r.sku} in {r.warehouse}" for r in e.itertuples()) + " have no units left.)"
    else:
        low = ctx["inventory"].on_hand.min()
        final = f"FINAL(No. Every line has stock; the lowest is {low} unit{'s' if low != 1 else ''}.)"
    return Script(ctx, [INVENTORY_LOOK, repl(code), final], [repl("print(len(empty), inventory.on_hand.min())"), final])


# -- correlation or fitted statistic --------------------------------------------------------------------------------
@case("salary_rating_correlation", "correlation or fitted statistic", "legit",
      "Is salary related to the performance rating?")
def _salary_corr() -> Script:
    ctx = {"staff": staff()}
    code = "r = staff.salary_eur.corr(staff.rating)\nprint(round(r, 3))"
    r = round(compute(ctx, code)["r"], 3)
    strength = "Hardly" if abs(r) < 0.2 else "Somewhat" if abs(r) < 0.5 else "Yes, strongly"
    final = f"FINAL({strength}: the Pearson correlation between salary and rating is {r:.2f}.)"
    return Script(ctx, [STAFF_LOOK, repl(code), final], [repl("print(f'{r:.2f}')"), final])


@case("web2_errors_latency_corr", "correlation or fitted statistic", "legit",
      "On web-2, how closely do errors track p95 latency?")
def _errors_corr() -> Script:
    ctx = {"metrics": metrics()}
    code = "w2 = metrics[metrics.host == 'web-2']\nprint(w2[['errors', 'p95_ms', 'cpu_pct']].corr().round(2))"
    r = round(ctx["metrics"].query("host == 'web-2'")[["errors", "p95_ms"]].corr().iloc[0, 1], 2)
    final = f"FINAL(Closely: errors per minute and p95 latency correlate at r = {r:.2f} on web-2, both jumping during the same spike.)"
    return Script(ctx, [METRICS_LOOK, repl(code), final], [repl("print(round(w2.errors.corr(w2.p95_ms), 2))"), final])



# =================================================================================================================
# Invented or misread answers (after a refusal: the same FINAL again)
# =================================================================================================================
# -- plausible figure from memory -----------------------------------------------------------------------------------
@case("memory_average_csat", "plausible figure from memory", "invented", "What is the average CSAT score?")
def _memory_csat() -> Script:
    ctx = {"chats": chats()}
    differs(4.2, round(ctx["chats"].csat.mean(), 1))
    return Script(ctx, [CHATS_LOOK, "FINAL(The average CSAT is 4.2 out of 5.)"])


# -- mean given as the median ---------------------------------------------------------------------------------------
@case("median_salary_was_mean", "mean given as the median", "invented", "What is the median salary?")
def _median_salary_mean() -> Script:
    ctx = {"staff": staff()}
    d = ctx["staff"].salary_eur.describe()
    wrong = differs(round(d["mean"]), round(d["50%"]))
    return Script(ctx, [STAFF_LOOK, repl("print(staff.salary_eur.describe())"), f"FINAL(The median salary is €{wrong:,}.)"])


# -- unit misread ---------------------------------------------------------------------------------------------------
@case("wait_seconds_as_minutes", "unit misread", "invented", "How long do customers wait on average before an agent answers?")
def _seconds_as_minutes() -> Script:
    ctx = {"chats": chats()}
    m = ctx["chats"].wait_s.mean()
    differs(round(m, 1), round(m / 60, 1))
    return Script(ctx, [CHATS_LOOK, repl("print(chats.wait_s.mean())"),
                        f"FINAL(Customers wait {m:.1f} minutes on average before an agent picks up.)"])


# -- fraction written as percent ------------------------------------------------------------------------------------
@case("one_star_share_decimal_slip", "fraction written as percent", "invented", "What share of chats were rated 1 star?")
def _decimal_slip() -> Script:
    ctx = {"chats": chats()}
    f = (ctx["chats"].csat == 1).mean()
    wrong = differs(round(f * 1000, 1), round(f * 100, 1))
    return Script(ctx, [CHATS_LOOK, repl("print((chats.csat == 1).mean())"), f"FINAL({wrong}% of chats got a 1-star rating.)"])


# -- second row called the top --------------------------------------------------------------------------------------
@case("second_ip_called_top", "second row called the top", "invented", "Which IP address sent the most requests?")
def _second_ip() -> Script:
    code = "print(log.ip.value_counts().head())"
    ctx, ns = with_access(code)
    c = ns["log"].ip.value_counts()
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code),
                        f"FINAL({differs(c.index[1], c.idxmax())} sent the most requests ({c.iloc[1]}).)"])


# -- label absent from the data -------------------------------------------------------------------------------------
@case("absent_warehouse_amsterdam", "label absent from the data", "invented", "Which warehouse holds the most monitor lines?")
def _absent_warehouse() -> Script:
    ctx = {"inventory": inventory()}
    code = "print(inventory[inventory.category == 'monitors'].warehouse.value_counts())"
    c = ctx["inventory"].query("category == 'monitors'").warehouse.value_counts()
    assert "Amsterdam" not in c.index
    return Script(ctx, [INVENTORY_LOOK, repl(code), f"FINAL(The Amsterdam warehouse, with {c.max()} monitor lines.)"])


# -- total of the wrong subset --------------------------------------------------------------------------------------
@case("all_units_as_online", "total of the wrong subset", "invented", "What was Online's revenue in 2024?")
def _all_units_online() -> Script:
    ctx = {"ledger": ledger()}
    code = ("y24 = ledger[ledger.month.str.startswith('2024')]\nprint(y24.groupby('unit').revenue_eur.sum())\n"
            "print(y24.revenue_eur.sum())")
    y = compute(ctx, code)["y24"]
    wrong = differs(int(y.revenue_eur.sum()), int(y[y.unit == "Online"].revenue_eur.sum()))
    return Script(ctx, [LEDGER_LOOK, repl(code), f"FINAL(Online brought in {eur(wrong)} in 2024.)"])


# -- stale figure before a correction -------------------------------------------------------------------------------
@case("stale_requests_with_bots", "stale figure before a correction", "invented",
      "How many requests came from real browsers, not bots or monitoring (curl, Googlebot)?")
def _stale_bots() -> Script:
    fixed = "human = log[~log.agent.str.contains('curl|Googlebot')]\nprint(len(human))"
    ctx, ns = with_access(fixed)
    stale = differs(len(ns["log"]), len(ns["human"]))
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl("print(len(log))", "Counting the requests."),
                        repl(fixed, "Wait, that still includes curl and Googlebot; excluding them."),
                        f"FINAL({stale:,} requests came from real browsers.)"])


# -- transposed digits ----------------------------------------------------------------------------------------------
@case("transposed_404_count", "transposed digits", "invented", "How many requests returned 404 Not Found?")
def _transposed_404() -> Script:
    code = "print((log.status == 404).sum())"
    ctx, ns = with_access(code)
    k = int((ns["log"].status == 404).sum())
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), f"FINAL({differs(swap_digits(k), k)} requests returned 404.)"])


# -- number echoed from the question --------------------------------------------------------------------------------
@case("echo_wholesale_36_months", "number echoed from the question", "invented",
      "In how many of the 36 months did Wholesale make a loss?")
def _echo_36() -> Script:
    ctx = {"ledger": ledger()}
    code = "ws = ledger[ledger.unit == 'Wholesale']\nprint(ws.shape)"
    truth = int((ctx["ledger"].query("unit == 'Wholesale'").profit_eur < 0).sum())
    return Script(ctx, [LEDGER_LOOK, repl(code), f"FINAL(Wholesale made a loss in {differs(36, truth)} months.)"])


# -- rows counted instead of distinct -------------------------------------------------------------------------------
@case("rows_as_distinct_customers", "rows counted instead of distinct", "invented", "How many distinct customers placed an order?")
def _rows_customers() -> Script:
    ctx = {"shop": shop()}
    n = len(ctx["shop"]["orders"])
    differs(n, ctx["shop"]["orders"].customer_id.nunique())
    return Script(ctx, [SHOP_LOOK, repl("print(len(shop['orders']))"), f"FINAL({n} customers placed an order.)"])


# -- wrong year -----------------------------------------------------------------------------------------------------
@case("retail_profit_wrong_year", "wrong year", "invented", "What was Retail's profit in 2023?")
def _wrong_year_profit() -> Script:
    ctx = {"ledger": ledger()}
    y = compute(ctx, YEARLY)["yearly"]["profit_eur"].loc["Retail"]
    return Script(ctx, [LEDGER_LOOK, repl(YEARLY), f"FINAL(Retail's profit in 2023 was {eur(differs(y['2024'], y['2023']))}.)"])


# -- wrong rounding -------------------------------------------------------------------------------------------------
@case("yes_share_rounded_wrong", "wrong rounding", "invented", "Roughly what percentage of respondents would recommend us?")
def _rounded_share() -> Script:
    ctx = {"survey": survey()}
    f = (ctx["survey"].recommend == "yes").mean() * 100
    return Script(ctx, [SURVEY_LOOK, repl("print((survey.recommend == 'yes').mean())"),
                        f"FINAL(Roughly {differs(misround(f), round(f))}% would recommend us.)"])


# -- nothing found in the wrong column ------------------------------------------------------------------------------
@case("lea_whatsapp_columns_swapped", "nothing found in the wrong column", "invented", "How many WhatsApp chats did Lea handle?")
def _lea_swapped() -> Script:
    ctx = {"chats": chats()}
    code = "lea_wa = chats[(chats.channel == 'Lea') & (chats.agent == 'whatsapp')]\nprint(len(lea_wa))"
    truth = int(((ctx["chats"].agent == "Lea") & (ctx["chats"].channel == "whatsapp")).sum())
    assert truth > 0
    return Script(ctx, [CHATS_LOOK, repl(code), "FINAL(Lea handled no WhatsApp chats: 0.)"])


# -- trend in the wrong direction -----------------------------------------------------------------------------------
@case("wholesale_decline_called_growth", "trend in the wrong direction", "invented",
      "How did Wholesale revenue develop from 2022 to 2024?")
def _decline_as_growth() -> Script:
    ctx = {"ledger": ledger()}
    r = compute(ctx, YEARLY)["yearly"]["revenue_eur"].loc["Wholesale"]
    change = (r["2024"] / r["2022"] - 1) * 100
    assert change < 0
    return Script(ctx, [LEDGER_LOOK, repl(YEARLY), f"FINAL(Wholesale revenue grew by {abs(change):.1f}% between 2022 and 2024.)"])


# -- sample generalized to the whole --------------------------------------------------------------------------------
@case("head_temperature_range", "sample generalized to the whole", "invented", "What range of temperatures did the sensors record?")
def _head_range() -> Script:
    ctx = {"sensors": sensors()}
    head = ctx["sensors"].head().temp_c
    differs(head.min(), ctx["sensors"].temp_c.min())
    return Script(ctx, [SENSORS_LOOK, f"FINAL(The sensors recorded temperatures between {head.min()} and {head.max()} °C.)"])


# -- wrong denominator ----------------------------------------------------------------------------------------------
@case("api_error_rate_all_requests", "wrong denominator", "invented", "What share of API requests (/api/...) failed with a 5xx?")
def _api_error_rate() -> Script:
    code = "api5 = (log.path.str.startswith('/api') & (log.status >= 500)).sum()\nprint(api5, api5 / len(log))"
    ctx, ns = with_access(code)
    lg = ns["log"]
    api = lg[lg.path.str.startswith("/api")]
    wrong = differs(round(ns["api5"] / len(lg) * 100, 1), round((api.status >= 500).mean() * 100, 1))
    return Script(ctx, [ACCESS_LOOK, PARSE_ACCESS, repl(code), f"FINAL({wrong}% of API requests failed with a server error.)"])


# -- sub-call over part of the data ---------------------------------------------------------------------------------
@case("partial_comments_price", "sub-call over part of the data", "invented", "How many respondents complain about the price?")
def _partial_price() -> Script:
    ctx = {"survey": survey()}
    code = ("said = llm_query('Count the comments that complain about the price.\\n\\n' + '\\n'.join(survey.comment[:60]))\n"
            "print(said)")
    part = sub_says("Count the comments that complain about the price.\n\n" + "\n".join(ctx["survey"].comment[:60]))
    k = int(part.split()[0])
    differs(k, int((ctx["survey"].comment == "Too expensive for what it does.").sum()))
    return Script(ctx, [SURVEY_LOOK, repl(code), f"FINAL({k} respondents complain that it is too expensive.)"], sub=sub_model())


# -- date format misread --------------------------------------------------------------------------------------------
@case("latest_restock_string_max", "date format misread", "invented", "When was the most recent restock?")
def _string_max() -> Script:
    ctx = {"inventory": inventory()}
    code = "print(inventory.last_restock.max())"
    text = ctx["inventory"].last_restock.max()
    truth = pd.to_datetime(ctx["inventory"].last_restock, format="%d/%m/%Y").max()
    shown = differs(pd.to_datetime(text, format="%d/%m/%Y"), truth)
    return Script(ctx, [INVENTORY_LOOK, repl(code), f"FINAL(The most recent restock was on {shown.day} {shown:%B %Y}.)"])


# -- cumulative read as the period's value --------------------------------------------------------------------------
@case("march_commits_cumulative", "cumulative read as the period's value", "invented", "How many commits were made in March?")
def _cumulative_commits() -> Script:
    code = ("monthly = commits.groupby(commits.when.dt.strftime('%Y-%m')).size().to_frame('commits')\n"
            "monthly['cumulative'] = monthly.commits.cumsum()\nprint(monthly)")
    ctx, ns = with_git(code)
    m = ns["monthly"]
    wrong = differs(int(m.loc["2024-03", "cumulative"]), int(m.loc["2024-03", "commits"]))
    return Script(ctx, [GIT_LOOK, PARSE_GIT, repl(code), f"FINAL({wrong} commits were made in March 2024.)"])


# -- literal typed into a code answer -------------------------------------------------------------------------------
@case("answer_dict_from_memory", "literal typed into a code answer", "invented", "What was the greenhouse's average temperature?")
def _answer_memory() -> Script:
    ctx = {"sensors": sensors()}
    differs(23.5, round(ctx["sensors"].query("sensor == 'greenhouse'").temp_c.mean(), 1))
    done = repl('answer = {"content": "The greenhouse averaged 23.5 °C over the two weeks.", "ready": True}')
    return Script(ctx, [SENSORS_LOOK, done])
