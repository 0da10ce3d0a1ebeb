"""Warnings and reasons in English and Chinese: an id, its params, and the two texts."""

from __future__ import annotations

TEXTS: dict[str, tuple[str, str]] = {
    # power
    "power-over": (
        "The system draws about {sustained_w} W, more than the {psu_w} W power supply delivers.",
        "整机约需 {sustained_w} W，超过 {psu_w} W 电源的额定功率。",
    ),
    "power-tight": (
        "About {sustained_w} W sustained is {percent} of the {psu_w} W power supply; keep it under 80%.",
        "持续功耗约 {sustained_w} W，占 {psu_w} W 电源的 {percent}；建议低于 80%。",
    ),
    "power-transient": (
        "GPU power spikes may reach {transient_w} W, above the {limit_w} W an ATX {atx}.x supply tolerates: sudden shutdowns are likely.",
        "显卡瞬时功耗峰值可达 {transient_w} W，超过 ATX {atx}.x 电源可承受的 {limit_w} W，可能突然断电。",
    ),
    "power-below-vendor": (
        "The vendor recommends a {recommended_w} W power supply; this one has {psu_w} W.",
        "厂商建议使用 {recommended_w} W 电源，当前为 {psu_w} W。",
    ),
    "power-connectors": (
        "The cards need {needed} PCIe 8-pin cables; the power supply has {have}.",
        "显卡需要 {needed} 根 PCIe 8-pin 供电线，电源只有 {have} 根。",
    ),
    "power-12v2x6-adapter": (
        "The card takes a 12V-2x6 (12VHPWR) plug; without that cable on the PSU use the supplied adapter with {cables} separate 8-pin cables.",
        "该卡使用 12V-2x6（12VHPWR）接口；电源没有该线时，需用转接线接 {cables} 根独立的 8-pin 线。",
    ),
    "power-socket": (
        "The computer would draw {wall_w} W from the wall, above the {limit_w} W a {socket} socket can supply continuously.",
        "整机从插座取电约 {wall_w} W，超过 {socket} 插座可持续供电的 {limit_w} W。",
    ),
    "power-psu-unknown": (
        "Power supply not entered: plan for at least {recommended_w} W.",
        "未填写电源：建议至少 {recommended_w} W。",
    ),
    # fit and cooling
    "heat-output": (
        "Heat to remove: {watts} W ({btu} BTU/h).",
        "需要散出的热量：{watts} W（{btu} BTU/h）。",
    ),
    "fit-too-long": (
        "The card is {length} mm long; the case fits {clearance} mm.",
        "显卡长 {length} mm，机箱只能容纳 {clearance} mm。",
    ),
    "fit-slots": (
        "The cards need {needed} slots; {free} free.",
        "显卡需要 {needed} 个插槽位，空闲 {free}。",
    ),
    "fit-module-needs-server": (
        "An {form} module, not a PCIe card: it needs a server built for it.",
        "这是 {form} 模块而非 PCIe 卡，需要专用服务器。",
    ),
    "cooling-passive": (
        "A passively cooled card needs server airflow; in a desktop case it overheats.",
        "被动散热卡需要服务器风道，放在普通机箱中会过热。",
    ),
    "cooling-open-air-stack": (
        "{count} open-air cards side by side blow hot air onto each other: leave a slot between them or choose blower cards.",
        "{count} 块开放式散热显卡相邻会互相加热：请隔开一个插槽或选择涡轮散热卡。",
    ),
    "cooling-throttled": (
        "The probe saw your current GPU slow down from heat: improve the case airflow first.",
        "测速时当前显卡因过热降频：请先改善机箱风道。",
    ),
    "cooling-hot": (
        "Your current GPU reached {temp} °C during the probe.",
        "测速时当前显卡温度达到 {temp} °C。",
    ),
    # compatibility
    "tf-blackwell": (
        "TensorFlow's official builds cannot use this Blackwell card yet (no kernels for it as of TF 2.21).",
        "TensorFlow 官方版本暂时无法使用这块 Blackwell 显卡（截至 TF 2.21 无对应内核）。",
    ),
    "tf-rocm": (
        "TensorFlow uses AMD cards only through tensorflow-rocm on Linux.",
        "TensorFlow 仅能在 Linux 上通过 tensorflow-rocm 使用 AMD 显卡。",
    ),
    "tf-rocm-unlisted": (
        "This AMD card is not on ROCm's supported list: TensorFlow will most likely run on the CPU.",
        "这块 AMD 显卡不在 ROCm 支持列表中：TensorFlow 很可能只能用 CPU。",
    ),
    "tf-none": (
        "TensorFlow has no GPU build for this card.",
        "TensorFlow 没有适用于这块显卡的 GPU 版本。",
    ),
    # memory and scenario advice
    "vram-short": (
        "Needs {needed_gb} GB per card; this card has {card_gb} GB.",
        "每卡需要 {needed_gb} GB 显存，这块卡只有 {card_gb} GB。",
    ),
    "vram-8gb-trap": (
        "8 GB cards run out of memory on today's models: 12-16 GB is the entry point.",
        "8 GB 显存已不够用：12–16 GB 才是入门配置。",
    ),
    "vram-below-24": (
        "Under 24 GB: BERT-large and 7B fine-tuning will need small batches or tricks.",
        "显存低于 24 GB：BERT-large 和 7B 模型微调只能用小批量或特殊技巧。",
    ),
    "no-ecc-24x7": (
        "No ECC memory: for round-the-clock training a workstation or datacenter card is safer.",
        "不支持 ECC 显存：7×24 小时训练更适合专业卡或数据中心卡。",
    ),
    "used-card-risk": (
        "A used card: many were mined on; ask how it was used, for the box and the invoice, and test it.",
        "二手卡：很多曾用于挖矿；请确认使用情况、包装和发票，并上机测试。",
    ),
    "rent-instead": (
        "This job needs {count} cards: renting datacenter GPUs is usually cheaper than buying them.",
        "该任务需要 {count} 块卡：租用云端 GPU 通常比购买更划算。",
    ),
    "price-converted": (
        "No {currency} price: converted from {source_currency} at {rate}.",
        "无 {currency} 报价：按 {rate} 的汇率从 {source_currency} 换算。",
    ),
    "no-price": (
        "No price on record for this card (in the shop's list or the catalog).",
        "没有这块卡的价格记录（店铺价目表和目录中都没有）。",
    ),
    "not-in-stock": (
        "Not in stock in this shop.",
        "本店暂无现货。",
    ),
    "price-old": (
        "The newest price on record is from {date}: check today's price.",
        "最新价格记录来自 {date}：请核实当前价格。",
    ),
    "price-unverified": (
        "The price is an estimate that was not checked against a source.",
        "该价格为估计值，未经核对。",
    ),
    "over-budget": ("{total} is over the {budget} budget.", "总价 {total} 超出预算 {budget}。"),
    # bottlenecks
    "pcie-slot-slower": (
        "Your slot is PCIe Gen{slot_gen}; this card is Gen{card_gen}: transfers run at about {percent} of its rate (training from GPU memory loses little).",
        "您的插槽是 PCIe Gen{slot_gen}，该卡为 Gen{card_gen}：传输约为其速率的 {percent}（数据在显存中训练时影响很小）。",
    ),
    "cpu-input-bound": (
        "Your CPU decodes about {pipeline} images/s; this card could train on {predicted}: the CPU would hold it back.",
        "您的 CPU 每秒约能解码 {pipeline} 张图片，而这块卡每秒可训练 {predicted} 张：CPU 会拖慢它。",
    ),
    "ram-below-vram": (
        "System memory ({ram_gb} GB) is below the GPUs' memory ({vram_gb} GB): plan for at least as much RAM.",
        "内存（{ram_gb} GB）少于显存（{vram_gb} GB）：内存至少应与显存相当。",
    ),
    # reasons
    "reason-fits": (
        "Holds the job in {card_gb} GB ({needed_gb} GB needed).",
        "{card_gb} GB 显存可容纳任务（需要 {needed_gb} GB）。",
    ),
    "reason-speed": (
        "About {relative}x the speed of {reference}.",
        "速度约为 {reference} 的 {relative} 倍。",
    ),
    "reason-value": (
        "{per_1000} relative speed per 1,000 {currency}.",
        "每 1000 {currency} 的相对速度为 {per_1000}。",
    ),
    "reason-ecc": (
        "ECC memory, for long unattended runs.",
        "支持 ECC 显存，适合长时间无人值守训练。",
    ),
    "reason-nvlink": ("NVLink between cards ({gbs} GB/s).", "卡间 NVLink 互联（{gbs} GB/s）。"),
    "reason-breakeven": (
        "Buying beats renting after about {hours} GPU-hours.",
        "使用约 {hours} 卡时后，购买比租用更划算。",
    ),
    "reason-run-cost": (
        "One training run ({label}): about {hours} h and {cost} of electricity.",
        "一次训练（{label}）：约 {hours} 小时，电费约 {cost}。",
    ),
}


def render(message_id: str, params: dict, language: str = "en") -> str:
    english, chinese = TEXTS.get(message_id, (message_id, message_id))
    template = chinese if language.startswith("zh") else english
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template
